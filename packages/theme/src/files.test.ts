import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { fileText, themeFilesOf, themeVersionOf, type ThemeFiles } from './files.ts';
import { themePackageDir } from './paths.ts';
import { latestThemeVersion } from './releases.ts';

const latest = themeFilesOf('2.1.0');
const older = themeFilesOf('2.0.0');
const json = (files: ThemeFiles, filePath: string): unknown =>
  JSON.parse(fileText(files, filePath));

describe('themeFilesOf', () => {
  it('reads this package by default, found from the repository root', () => {
    const manifest = JSON.parse(readFileSync(path.join(themePackageDir, 'package.json'), 'utf8'));
    expect(manifest.name).toBe('@portal/theme');
  });

  it('gives the latest version as the source holds it, a complete Online Store 2.0 theme', () => {
    expect([...latest.keys()]).toEqual(
      expect.arrayContaining([
        'layout/theme.liquid',
        'templates/index.json',
        'templates/product.json',
        'templates/collection.json',
        'templates/page.json',
        'templates/cart.json',
        'templates/search.json',
        'templates/404.json',
        'sections/header-group.json',
        'sections/footer-group.json',
        'sections/hero.liquid',
        'sections/main-product.liquid',
        'snippets/theme-licence.liquid',
        'assets/theme-licence.js',
        'config/settings_schema.json',
        'config/settings_data.json',
        'locales/fr.default.json',
        'locales/en.json',
        'locales/fr.default.schema.json',
        'locales/en.schema.json',
      ]),
    );
    const source = readFileSync(path.join(themePackageDir, 'theme/layout/theme.liquid'));
    expect(latest.get('layout/theme.liquid')).toEqual(new Uint8Array(source));
  });

  it('opens the settings with theme_info, the version stamped', () => {
    expect(json(latest, 'config/settings_schema.json')).toEqual(
      expect.arrayContaining([
        {
          name: 'theme_info',
          theme_name: 'Thème Boutique',
          theme_version: '2.1.0',
          theme_author: 'Theme Portal',
          theme_documentation_url: 'https://theme-portal.example/documentation',
          theme_support_url: 'https://theme-portal.example/support',
        },
      ]),
    );
    expect(themeVersionOf(latest)).toBe(latestThemeVersion);
    expect(themeVersionOf(older)).toBe('2.0.0');
  });

  it('keeps the source on the latest version (the stamp changes nothing there)', () => {
    const source = JSON.parse(
      readFileSync(path.join(themePackageDir, 'theme/config/settings_schema.json'), 'utf8'),
    );
    expect(source[0].theme_version).toBe(latestThemeVersion);
  });

  it('builds 2.0.0 from the overlay: a section less, a setting renamed, one removed, a snippet changed', () => {
    const differing = [...new Set([...latest.keys(), ...older.keys()])].filter(
      (filePath) =>
        fileText(latest, filePath) !==
        (older.has(filePath) ? fileText(older, filePath) : undefined),
    );
    expect(differing.sort()).toEqual([
      'config/settings_schema.json',
      'locales/en.schema.json',
      'locales/fr.default.schema.json',
      'sections/hero.liquid',
      'sections/main-product.liquid',
      'sections/testimonials.liquid',
      'snippets/price.liquid',
      'templates/index.json',
    ]);
    expect(older.has('sections/testimonials.liquid')).toBe(false);
    expect(fileText(older, 'sections/hero.liquid')).toContain('"id": "text"');
    expect(fileText(latest, 'sections/hero.liquid')).toContain('"id": "subheading"');
    expect(fileText(older, 'sections/main-product.liquid')).toContain('"id": "show_vendor"');
    expect(fileText(latest, 'sections/main-product.liquid')).not.toContain('show_vendor');
    expect(fileText(latest, 'snippets/price.liquid')).toContain('compare_at_price');
    expect(fileText(older, 'snippets/price.liquid')).not.toContain('compare_at_price');
    expect(json(older, 'templates/index.json')).toMatchObject({
      order: ['hero', 'featured', 'story'],
      sections: { hero: { settings: { text: expect.any(String) } } },
    });
  });

  it('lists the files by path', () => {
    const paths = [...older.keys()];
    expect(paths).toEqual([...paths].sort());
  });

  it('refuses a version that was never released', () => {
    expect(() => themeFilesOf('9.9.9')).toThrow('no version 9.9.9');
  });

  describe('from another source folder', () => {
    const withSource = (build: (dir: string) => void, run: (dir: string) => void) => {
      const dir = mkdtempSync(path.join(tmpdir(), 'theme-source-'));
      try {
        build(dir);
        run(dir);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    };
    const write = (dir: string, filePath: string, text: string) => {
      mkdirSync(path.dirname(path.join(dir, filePath)), { recursive: true });
      writeFileSync(path.join(dir, filePath), text);
    };
    const settings = JSON.stringify([{ name: 'theme_info', theme_version: '0.0.0' }]);

    it('reads it and applies its overlays', () => {
      withSource(
        (dir) => {
          write(dir, 'theme/config/settings_schema.json', settings);
          write(dir, 'theme/sections/new.liquid', 'new');
          write(dir, 'history/2.0.0/sections/old.liquid', 'old');
          write(dir, 'history/2.0.0/removed.txt', 'sections/new.liquid\n\n');
        },
        (dir) => {
          const files = themeFilesOf('2.0.0', dir);
          expect([...files.keys()]).toEqual(['config/settings_schema.json', 'sections/old.liquid']);
          expect(themeVersionOf(files)).toBe('2.0.0');
        },
      );
    });

    it('refuses an overlay removing a file that is not there', () => {
      withSource(
        (dir) => {
          write(dir, 'theme/config/settings_schema.json', settings);
          write(dir, 'history/2.0.0/removed.txt', 'sections/typo.liquid\n');
        },
        (dir) => expect(() => themeFilesOf('2.0.0', dir)).toThrow('removes sections/typo.liquid'),
      );
    });

    it('refuses an older release without its overlay, and settings without theme_info', () => {
      withSource(
        (dir) => write(dir, 'theme/config/settings_schema.json', settings),
        (dir) => expect(() => themeFilesOf('2.0.0', dir)).toThrow('2.0.0 has no overlay folder'),
      );
      withSource(
        (dir) => write(dir, 'theme/config/settings_schema.json', '[{ "name": "Couleurs" }]'),
        (dir) => expect(() => themeFilesOf('2.1.0', dir)).toThrow('must open with theme_info'),
      );
    });
  });
});
