import { describe, expect, it } from 'vitest';
import { fileText, textFile, themeFilesOf } from '../files.ts';
import { stampLicenceConfig } from '../licence-config.ts';
import { testSigner } from '../testing/keys.ts';
import { renderStorefront, storefrontRenderer } from './render.ts';

const signer = await testSigner();
const stamp = { portalOrigin: 'http://127.0.0.1:3000', jwks: { keys: [signer.jwk] } };
const latest = stampLicenceConfig(themeFilesOf('2.1.0'), stamp);
const page = { themeFiles: latest, shop: 'boutique-x.myshopify.com', role: 'main' } as const;

/** The JSON of `<script type="application/json" id="…">`. */
function jsonBlock(html: string, id: string): unknown {
  const pattern = new RegExp(`<script type="application/json" id="${id}">([\\s\\S]*?)</script>`);
  return JSON.parse(pattern.exec(html)?.[1] ?? 'null');
}

/** `window.Shopify` as the page sets it. */
function shopifyObject(html: string): unknown {
  return JSON.parse(/<script>window\.Shopify = (.*?);<\/script>/.exec(html)?.[1] ?? 'null');
}

const sectionIds = (html: string) =>
  [...html.matchAll(/id="shopify-section-([^"]+)"/g)].map((match) => match[1]);

describe('renderStorefront', () => {
  it('renders the home page: the layout, the header and footer groups around the index sections', async () => {
    const html = await renderStorefront(page);
    expect(html).toMatch(/^<!doctype html>\n<html lang="fr">/);
    expect(html).toContain('<title>Boutique X</title>');
    expect(sectionIds(html)).toEqual([
      'sections--header-group__header',
      'template--index__hero',
      'template--index__featured',
      'template--index__testimonials',
      'template--index__story',
      'sections--footer-group__footer',
    ]);
    expect(html).toContain('<h1 class="hero__heading">Bienvenue dans notre boutique</h1>');
    expect(html).toContain(
      '<blockquote class="testimonial__quote">Livraison rapide, emballage soigné.</blockquote>',
    );
    expect(html).toContain('<a class="site-header__cart" href="/cart">Panier (0)</a>');
    expect(html).toContain(
      '<link href="/assets/theme.css" rel="stylesheet" type="text/css" media="all">',
    );
    expect(html).toContain('--color-accent: #8a3b12;');
    expect(html.match(/<svg class="product-card__image"/g)).toHaveLength(4);
  });

  it('writes window.Shopify as content_for_header does: shop, theme role and version', async () => {
    expect(shopifyObject(await renderStorefront(page))).toEqual({
      shop: 'boutique-x.myshopify.com',
      locale: 'fr',
      currency: { active: 'EUR' },
      theme: {
        name: 'Thème Boutique',
        role: 'main',
        schema_name: 'Thème Boutique',
        schema_version: '2.1.0',
      },
    });
    const editor = await renderStorefront({ ...page, role: 'unpublished', designMode: true });
    expect(shopifyObject(editor)).toMatchObject({
      theme: { role: 'unpublished' },
      designMode: true,
    });
  });

  it('carries the licence snippet: the stamped configuration, the French texts, a module added once loaded', async () => {
    const html = await renderStorefront(page);
    expect(jsonBlock(html, 'theme-licence-config')).toEqual({
      portal: 'http://127.0.0.1:3000',
      version: '2.1.0',
      keys: [{ kid: signer.kid, x: signer.jwk.x }],
    });
    expect(jsonBlock(html, 'theme-licence-texts')).toEqual({
      inactive: 'Ce thème n’est pas activé pour cette boutique.',
      close: 'Fermer l’avis',
    });
    // Nothing of the check is fetched before the page's load.
    expect(html).not.toContain('<script src="/assets/theme-licence.js"');
    const loader = /<script>\s*addEventListener\(\s*'load',([\s\S]*?)<\/script>/.exec(html)?.[1];
    expect(loader).toContain("script.type = 'module';");
    expect(loader).toContain('script.src = "/assets/theme-licence.js";');
  });

  it('renders the stamped configuration as written, whatever Liquid or HTML its values hold', async () => {
    const kid = '{{ shop.name }}{% if true %}</script>{%- comment -%}';
    const themeFiles = stampLicenceConfig(themeFilesOf('2.1.0'), {
      ...stamp,
      jwks: { keys: [{ ...signer.jwk, kid }] },
    });
    const html = await renderStorefront({ ...page, themeFiles });
    expect(jsonBlock(html, 'theme-licence-config')).toMatchObject({ keys: [{ kid }] });
  });

  it('renders an older version as it was: 2.0.0 has no testimonials, its banner reads `text`', async () => {
    const html = await renderStorefront({ ...page, themeFiles: themeFilesOf('2.0.0') });
    expect(sectionIds(html)).not.toContain('template--index__testimonials');
    expect(html).toContain(
      '<p class="hero__text">Des pièces choisies avec soin, livrées chez vous.</p>',
    );
    expect(jsonBlock(html, 'theme-licence-config')).toEqual({});
  });

  it('leaves out a disabled section and fills settings a template leaves out from the schema', async () => {
    const index = JSON.parse(fileText(latest, 'templates/index.json'));
    index.sections.featured.disabled = true;
    index.sections.hero.settings = {};
    const themeFiles = new Map(latest).set('templates/index.json', textFile(JSON.stringify(index)));
    const html = await renderStorefront({ ...page, themeFiles });
    expect(sectionIds(html)).not.toContain('template--index__featured');
    expect(html).toContain('<a class="button" href="/collections/all">Découvrir la collection</a>');
  });
});

describe('storefrontRenderer', () => {
  const { engine } = storefrontRenderer(latest);
  const render = (template: string, scope: object = {}) => engine.parseAndRender(template, scope);

  it('translates from the default locale, with plural forms and variables', async () => {
    expect(await render("{{ 'search.results_count' | t: count: 1 }}")).toBe('1 résultat');
    expect(await render("{{ 'search.results_count' | t: count: 3 }}")).toBe('3 résultats');
    await expect(render("{{ 'nothing.here' | t }}")).rejects.toThrow(
      'translation missing: nothing.here',
    );
  });

  it('has Shopify’s image, link and asset filters', async () => {
    const image = { src: '/files/vase.jpg' };
    expect(
      await render(
        "{{ image | image_url: width: 800 | image_tag: class: 'hero__image', widths: '400, 800' }}",
        { image },
      ),
    ).toBe('<img src="/files/vase.jpg?width=800" alt="" class="hero__image">');
    expect(await render("{{ 'Accueil' | link_to: '/' }}")).toBe('<a href="/">Accueil</a>');
    expect(await render("{{ 'theme.css' | asset_url }}")).toBe('/assets/theme.css');
  });

  it('refuses a filter it does not know, rather than printing its input', async () => {
    await expect(render("{{ 'x' | no_such_filter }}")).rejects.toThrow(
      'undefined filter: no_such_filter',
    );
  });
});
