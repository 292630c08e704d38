import { describe, expect, it } from 'vitest';
import { fileText } from '../files.ts';
import { LICENCE_CONFIG_PATH } from '../licence-config.ts';
import { mergeThemeUpdate, rootedTheme, ThemeMergeError } from './merge.ts';
import { editJson, releaseFiles, text, type ThemeJson } from './testing.ts';
import { parseThemeJson, stripJsonComments } from './theme-json.ts';

const base = releaseFiles('2.0.0');
const next = releaseFiles('2.1.0');
const json = (files: ReadonlyMap<string, Uint8Array>, file: string) =>
  parseThemeJson(files.get(file)!) as ThemeJson;

describe('mergeThemeUpdate, from 2.0.0 to 2.1.0', () => {
  it('gives the new version itself to an export the merchant never changed', () => {
    const { files, report } = mergeThemeUpdate({ base, theirs: base, next });
    expect([...files.keys()]).toEqual([...next.keys()]);
    for (const [file, bytes] of next)
      expect(Buffer.from(files.get(file)!).equals(bytes), file).toBe(true);
    expect(report).toEqual({
      from: '2.0.0',
      to: '2.1.0',
      removedSettings: [],
      conflicts: [],
      keptFiles: [],
    });
  });

  it('keeps the settings, sections and translations the merchant changed, and takes the release’s others', () => {
    let theirs = editJson(base, 'config/settings_data.json', (data) => {
      data.current = { color_accent: '#004488', page_width: 1400 };
    });
    theirs = editJson(theirs, 'templates/index.json', (template) => {
      template.sections.featured.settings.products_to_show = 8;
      template.sections.banner = { type: 'rich-text', settings: { heading: 'Soldes' } };
      template.order = ['banner', 'featured', 'hero', 'story'];
    });
    theirs = editJson(theirs, 'locales/fr.default.json', (locale) => {
      locale.accessibility.skip_to_content = 'Passer au contenu';
    });
    const { files, report } = mergeThemeUpdate({ base, theirs, next });

    expect(json(files, 'config/settings_data.json').current).toEqual({
      color_accent: '#004488',
      page_width: 1400,
    });
    const index = json(files, 'templates/index.json');
    expect(index.sections.featured.settings.products_to_show).toBe(8);
    expect(index.sections.banner).toEqual({ type: 'rich-text', settings: { heading: 'Soldes' } });
    // The release's renamed setting and its new section come in; the merchant's order stays.
    expect(index.sections.hero.settings).toEqual(
      json(next, 'templates/index.json').sections.hero.settings,
    );
    expect(index.sections.testimonials.type).toBe('testimonials');
    expect(index.order).toEqual(['banner', 'featured', 'testimonials', 'hero', 'story']);
    expect(json(files, 'locales/fr.default.json').accessibility.skip_to_content).toBe(
      'Passer au contenu',
    );
    expect(fileText(files, 'sections/testimonials.liquid')).toBe(
      fileText(next, 'sections/testimonials.liquid'),
    );
    expect(report.removedSettings).toEqual([]);
    expect(report.conflicts).toEqual([]);
  });

  it('lists a setting the new version no longer knows, with the merchant’s value', () => {
    const theirs = editJson(base, 'templates/index.json', (template) => {
      template.sections.hero.settings.text = 'Livraison offerte dès 50 €';
    });
    const { files, report } = mergeThemeUpdate({ base, theirs, next });
    expect(json(files, 'templates/index.json').sections.hero.settings.text).toBeUndefined();
    expect(report.removedSettings).toEqual([
      {
        file: 'templates/index.json',
        section: 'hero',
        block: null,
        setting: 'text',
        value: 'Livraison offerte dès 50 €',
      },
    ]);
  });

  it('lists a global setting and a translation the new version dropped', () => {
    let theirs = editJson(base, 'config/settings_data.json', (data) => {
      data.current = { color_accent: '#004488', retired_setting: true };
    });
    theirs = editJson(theirs, 'locales/fr.default.json', (locale) => {
      locale.general.old_key = 'Ancien texte';
    });
    const { report } = mergeThemeUpdate({ base, theirs, next });
    expect(report.removedSettings).toEqual([
      {
        file: 'config/settings_data.json',
        section: null,
        block: null,
        setting: 'retired_setting',
        value: true,
      },
      {
        file: 'locales/fr.default.json',
        section: null,
        block: null,
        setting: 'general.old_key',
        value: 'Ancien texte',
      },
    ]);
  });

  it('takes the release’s file where both changed it, with a readable diff of the merchant’s edits', () => {
    const original = fileText(base, 'snippets/price.liquid');
    const theirs = new Map(base).set(
      'snippets/price.liquid',
      text(original.replace(/^/, '{%- comment -%}Prix maison{%- endcomment -%}\n')),
    );
    const { files, report } = mergeThemeUpdate({ base, theirs, next });
    expect(fileText(files, 'snippets/price.liquid')).toBe(fileText(next, 'snippets/price.liquid'));
    expect(report.conflicts).toHaveLength(1);
    const [conflict] = report.conflicts;
    expect(conflict?.file).toBe('snippets/price.liquid');
    expect(conflict?.diff).toMatch(
      /^--- a\/snippets\/price\.liquid\tversion 2\.0\.0\n\+\+\+ b\/snippets\/price\.liquid\tvotre boutique\n@@ -1,3 \+1,4 @@\n\+\{%- comment -%\}Prix maison/,
    );
  });

  it('keeps the files only the merchant changed or added, and lists them', () => {
    const css = `${fileText(base, 'assets/theme.css')}\n.promo { color: red; }\n`;
    const theirs = new Map(base)
      .set('assets/theme.css', text(css))
      .set('snippets/promo.liquid', text('<p>Promo</p>\n'));
    const { files, report } = mergeThemeUpdate({ base, theirs, next });
    expect(fileText(files, 'snippets/promo.liquid')).toBe('<p>Promo</p>\n');
    expect(report.keptFiles).toEqual(
      fileText(next, 'assets/theme.css') === fileText(base, 'assets/theme.css')
        ? ['assets/theme.css', 'snippets/promo.liquid']
        : ['snippets/promo.liquid'],
    );
  });

  it('always writes the release’s settings schema and licence configuration', () => {
    const theirs = new Map(base).set(LICENCE_CONFIG_PATH, text('edited'));
    const { files } = mergeThemeUpdate({ base, theirs, next });
    expect(files.get(LICENCE_CONFIG_PATH)).toEqual(next.get(LICENCE_CONFIG_PATH));
    expect(files.get('config/settings_schema.json')).toEqual(
      next.get('config/settings_schema.json'),
    );
  });

  it('drops a section whose type the new version lacks, listing it whole', () => {
    const theirs = editJson(base, 'templates/index.json', (template) => {
      template.sections.old = { type: 'retired-section', settings: { heading: 'x' } };
      template.order.push('old');
    });
    const { files, report } = mergeThemeUpdate({ base, theirs, next });
    expect(json(files, 'templates/index.json').order).not.toContain('old');
    expect(report.removedSettings).toEqual([
      {
        file: 'templates/index.json',
        section: 'old',
        block: null,
        setting: null,
        value: { type: 'retired-section', settings: { heading: 'x' } },
      },
    ]);
  });

  it('reads templates with Shopify’s comments, and refuses JSON Shopify would refuse', () => {
    const commented = `/*\n * IMPORTANT: auto-generated\n */\n${fileText(base, 'templates/index.json')}// fin\n`;
    const theirs = new Map(base).set('templates/index.json', text(commented));
    expect(mergeThemeUpdate({ base, theirs, next }).report.removedSettings).toEqual([]);
    const broken = new Map(base).set('templates/product.json', text('{ "sections": { }, }'));
    expect(() => mergeThemeUpdate({ base, theirs: broken, next })).toThrow(
      new ThemeMergeError('invalid-json', 'templates/product.json'),
    );
  });

  it('finds a theme wrapped in one folder, and refuses what is not a theme', () => {
    const wrapped = new Map([...base].map(([file, bytes]) => [`mon-theme/${file}`, bytes]));
    expect([...rootedTheme(wrapped).keys()]).toEqual([...base.keys()]);
    expect(() => rootedTheme(new Map([['readme.txt', text('x')]]))).toThrow(ThemeMergeError);
  });
});

describe('stripJsonComments', () => {
  it('leaves strings alone, slashes and stars included', () => {
    expect(JSON.parse(stripJsonComments('{"a": "http://x/*y*/" /* c */, // d\n"b": 1}'))).toEqual({
      a: 'http://x/*y*/',
      b: 1,
    });
  });
});
