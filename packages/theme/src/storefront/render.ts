import { Liquid, Tag, TypeGuards, type Context, type Emitter, type Template } from 'liquidjs';
import type { TagToken, TopLevelToken } from 'liquidjs';
import { fileText, themeInfoOf, type ThemeFiles } from '../files.ts';
import { scriptJson } from '../licence-config.ts';

/** What `Shopify.theme.role` says of the theme a page shows. */
export type ThemeRole = 'main' | 'unpublished' | 'development';

/** The shop and theme a storefront page is rendered for. */
export interface StorefrontPage {
  /** A built theme (`themeFilesOf`, usually stamped with `stampLicenceConfig`). */
  readonly themeFiles: ThemeFiles;
  /** The shop's `.myshopify.com` domain, `Shopify.shop`. */
  readonly shop: string;
  readonly role: ThemeRole;
  /** Whether the page is shown in the theme editor, `Shopify.designMode`. */
  readonly designMode?: boolean;
}

type Settings = Record<string, unknown>;
interface SettingSchema {
  readonly id?: string;
  readonly default?: unknown;
}
interface SectionSchema {
  readonly class?: string;
  readonly settings?: readonly SettingSchema[];
  readonly blocks?: readonly {
    readonly type: string;
    readonly settings?: readonly SettingSchema[];
  }[];
}
interface SectionEntry {
  readonly type: string;
  readonly disabled?: boolean;
  readonly settings?: Settings;
  readonly blocks?: Record<string, { readonly type: string; readonly settings?: Settings }>;
  readonly block_order?: readonly string[];
}
/** A JSON template or a section group: sections by id, in order. */
interface SectionList {
  readonly sections: Record<string, SectionEntry>;
  readonly order: readonly string[];
}

const SHOP_NAME = 'Boutique X';
const MAIN_MENU = [
  { title: 'Accueil', url: '/', current: true },
  { title: 'Catalogue', url: '/collections/all', current: false },
  { title: 'Contact', url: '/pages/contact', current: false },
];

function escapeHtml(value: unknown): string {
  return String(value ?? '').replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

function defaultsOf(schema: readonly SettingSchema[] | undefined): Settings {
  return Object.fromEntries(
    (schema ?? []).filter((setting) => setting.id !== undefined).map((s) => [s.id, s.default]),
  );
}

/** The `{% schema %}` JSON of a section file. */
function sectionSchema(source: string): SectionSchema {
  const json = /\{%-?\s*schema\s*-?%\}([\s\S]*?)\{%-?\s*endschema\s*-?%\}/.exec(source)?.[1];
  return json === undefined ? {} : (JSON.parse(json) as SectionSchema);
}

/** The settings' values: every default of `settings_schema.json`, then the current preset's. */
function themeSettings(files: ThemeFiles): Settings {
  const groups = JSON.parse(fileText(files, 'config/settings_schema.json')) as {
    settings?: SettingSchema[];
  }[];
  const data = JSON.parse(fileText(files, 'config/settings_data.json')) as {
    current: string | Settings;
    presets?: Record<string, Settings>;
  };
  const current = typeof data.current === 'string' ? data.presets?.[data.current] : data.current;
  return { ...defaultsOf(groups.flatMap((group) => group.settings ?? [])), ...current };
}

/** `{{ 'key' | t: count: n }}` over the default locale: plural forms `one`/`other`, `{{ name }}` filled. */
function translator(files: ThemeFiles): (key: string, ...options: [string, unknown][]) => string {
  const localePath = [...files.keys()].find((filePath) =>
    /^locales\/[^.]+\.default\.json$/.test(filePath),
  );
  if (localePath === undefined) throw new Error('the theme has no default locale');
  const locale = JSON.parse(fileText(files, localePath)) as Record<string, unknown>;
  return (key, ...options) => {
    const variables = Object.fromEntries(options);
    let entry: unknown = key
      .split('.')
      .reduce<unknown>((node, part) => (node as Settings)?.[part], locale);
    if (entry !== null && typeof entry === 'object' && 'count' in variables)
      entry = (entry as Settings)[variables.count === 1 ? 'one' : 'other'];
    if (typeof entry !== 'string') throw new Error(`translation missing: ${key}`);
    return entry.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) =>
      String(variables[name] ?? ''),
    );
  };
}

/** The first quoted argument of a tag: `{% sections 'header-group' %}`. */
function quotedName(token: TagToken): string {
  const name = /^\s*(['"])([\w-]+)\1\s*$/.exec(token.args)?.[2];
  if (name === undefined)
    throw new Error(`{% ${token.name} %} needs a quoted name: ${token.getText()}`);
  return name;
}

interface StorefrontRenderer {
  readonly engine: Liquid;
  /** Renders a theme file (`layout/theme.liquid`) with these globals. */
  renderFile(filePath: string, globals: object): Promise<string>;
  /** Every enabled section of a JSON template or group, in order, each in its wrapper. */
  renderSections(
    list: SectionList,
    idOf: (key: string) => string,
    globals: object,
  ): Promise<string>;
}

/** A Liquid engine with the Shopify tags and filters Thème Boutique's pages use. */
export function storefrontRenderer(files: ThemeFiles): StorefrontRenderer {
  // `{% render 'price' %}` reads `snippets/price.liquid`: the snippets by name, in memory.
  const snippets = Object.fromEntries(
    [...files.keys()]
      .filter((filePath) => /^snippets\/[^/]+\.liquid$/.test(filePath))
      .map((filePath) => [filePath.slice('snippets/'.length), fileText(files, filePath)]),
  );
  const engine = new Liquid({
    templates: snippets,
    extname: '.liquid',
    strictFilters: true,
    ownPropertyOnly: true,
  });
  const parsed = new Map<string, Template[]>();
  const renderFile = (filePath: string, scope: object, globals: object) => {
    if (!parsed.has(filePath))
      parsed.set(filePath, engine.parse(fileText(files, filePath), filePath));
    return engine.render(parsed.get(filePath)!, scope, { globals }) as Promise<string>;
  };

  /** A section in its wrapper, with its settings and blocks filled from the schema's defaults. */
  const renderSection = async (id: string, entry: SectionEntry, globals: object) => {
    const filePath = `sections/${entry.type}.liquid`;
    const schema = sectionSchema(fileText(files, filePath));
    const blocks = (entry.block_order ?? []).map((blockId) => {
      const block = entry.blocks?.[blockId];
      if (block === undefined) throw new Error(`section ${id} has no block ${blockId}`);
      const blockSchema = schema.blocks?.find((candidate) => candidate.type === block.type);
      return {
        id: blockId,
        type: block.type,
        settings: { ...defaultsOf(blockSchema?.settings), ...block.settings },
        shopify_attributes: '',
      };
    });
    const section = { id, settings: { ...defaultsOf(schema.settings), ...entry.settings }, blocks };
    const html = await renderFile(filePath, { section }, globals);
    const classes = ['shopify-section', schema.class].filter(Boolean).join(' ');
    return `<div id="shopify-section-${escapeHtml(id)}" class="${escapeHtml(classes)}">${html}</div>`;
  };

  const renderSections = async (
    list: SectionList,
    idOf: (key: string) => string,
    globals: object,
  ) => {
    const rendered = [];
    for (const key of list.order) {
      const entry = list.sections[key];
      if (entry === undefined) throw new Error(`no section ${key} to render`);
      if (!entry.disabled) rendered.push(await renderSection(idOf(key), entry, globals));
    }
    return rendered.join('\n');
  };

  engine.registerTag(
    'sections',
    class extends Tag {
      private readonly group: string;
      constructor(token: TagToken, remain: TopLevelToken[], liquid: Liquid) {
        super(token, remain, liquid);
        this.group = quotedName(token);
      }
      async render(ctx: Context, emitter: Emitter) {
        const list = JSON.parse(fileText(files, `sections/${this.group}.json`)) as SectionList;
        const idOf = (key: string) => `sections--${this.group}__${key}`;
        emitter.write(await renderSections(list, idOf, ctx.globals));
      }
    },
  );
  engine.registerTag(
    'schema',
    class extends Tag {
      constructor(token: TagToken, remain: TopLevelToken[], liquid: Liquid) {
        super(token, remain, liquid);
        while (remain.length > 0) {
          const next = remain.shift()!;
          if (TypeGuards.isTagToken(next) && next.name === 'endschema') return;
        }
        throw new Error(`${token.getText()} not closed`);
      }
      render() {}
    },
  );
  engine.registerTag(
    'style',
    class extends Tag {
      private readonly body: Template[] = [];
      constructor(token: TagToken, remain: TopLevelToken[], liquid: Liquid) {
        super(token, remain, liquid);
        while (remain.length > 0) {
          const next = remain.shift()!;
          if (TypeGuards.isTagToken(next) && next.name === 'endstyle') return;
          this.body.push(liquid.parser.parseToken(next, remain));
        }
        throw new Error(`${token.getText()} not closed`);
      }
      *render(ctx: Context, emitter: Emitter): Generator<unknown, void, string> {
        const css = yield this.liquid.renderer.renderTemplates(this.body, ctx);
        emitter.write(`<style data-shopify>${css}</style>`);
      }
    },
  );

  engine.registerFilter('t', translator(files));
  engine.registerFilter('asset_url', (name: string) => `/assets/${encodeURIComponent(name)}`);
  engine.registerFilter(
    'stylesheet_tag',
    (url: string) =>
      `<link href="${escapeHtml(url)}" rel="stylesheet" type="text/css" media="all">`,
  );
  engine.registerFilter(
    'link_to',
    (text: unknown, url: string) => `<a href="${escapeHtml(url)}">${escapeHtml(text)}</a>`,
  );
  engine.registerFilter(
    'placeholder_svg_tag',
    (name: string, className = '') =>
      `<svg class="${escapeHtml(className)}" data-placeholder="${escapeHtml(name)}" xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100" aria-hidden="true"><rect width="100" height="100" fill="currentColor" opacity=".08"/></svg>`,
  );
  engine.registerFilter(
    'image_url',
    (image: { src?: string } | string, ...options: [string, unknown][]) => {
      const { width } = Object.fromEntries(options);
      const src = typeof image === 'string' ? image : (image.src ?? '');
      return width === undefined
        ? src
        : `${src}${src.includes('?') ? '&' : '?'}width=${String(width)}`;
    },
  );
  engine.registerFilter('image_tag', (url: string, ...options: [string, unknown][]) => {
    const { widths: _widths, ...attributes } = Object.fromEntries(options);
    const extra = Object.entries(attributes)
      .map(([name, value]) => ` ${name}="${escapeHtml(value)}"`)
      .join('');
    return `<img src="${escapeHtml(url)}" alt=""${extra}>`;
  });
  return {
    engine,
    renderFile: (filePath, globals) => renderFile(filePath, {}, globals),
    renderSections,
  };
}

/**
 * The home page of a shop showing this theme, as Shopify would serve it: `layout/theme.liquid`
 * around the sections of `templates/index.json`, and `window.Shopify` (which Shopify writes
 * through `content_for_header`) saying which shop and theme this is.
 */
export async function renderStorefront(page: StorefrontPage): Promise<string> {
  const files = page.themeFiles;
  const renderer = storefrontRenderer(files);
  const info = themeInfoOf(files);
  const shopify = {
    shop: page.shop,
    locale: 'fr',
    currency: { active: 'EUR' },
    theme: {
      name: info.theme_name,
      role: page.role,
      schema_name: info.theme_name,
      schema_version: info.theme_version,
    },
    ...(page.designMode === true ? { designMode: true } : {}),
  };
  // The objects the home page reads.
  const globals = {
    shop: { name: SHOP_NAME },
    settings: themeSettings(files),
    request: { locale: { iso_code: 'fr' } },
    routes: { root_url: '/', cart_url: '/cart', all_products_collection_url: '/collections/all' },
    linklists: { 'main-menu': { links: MAIN_MENU } },
    cart: { item_count: 0 },
    page_title: SHOP_NAME,
    canonical_url: `https://${page.shop}/`,
    content_for_header: `<script>window.Shopify = ${scriptJson(shopify)};</script>`,
  };
  const index = JSON.parse(fileText(files, 'templates/index.json')) as SectionList;
  const content = await renderer.renderSections(index, (key) => `template--index__${key}`, globals);
  return renderer.renderFile('layout/theme.liquid', { ...globals, content_for_layout: content });
}
