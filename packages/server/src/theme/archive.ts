import { strToU8, zipSync, type Zippable } from 'fflate';
import { THEME_NAME } from '../licences/licences.ts';
import { LATEST_THEME_VERSION } from './latest-version.ts';

/** The downloadable theme: the one archive the themes tab offers. */
export const THEME_FILENAME = 'theme-boutique.zip';

const layout = `<!doctype html>
<html lang="{{ request.locale.iso_code }}">
  <head>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <title>{{ page_title }}{% unless page_title contains shop.name %} - {{ shop.name }}{% endunless %}</title>
    {{ 'theme.css' | asset_url | stylesheet_tag }}
    {{ content_for_header }}
  </head>
  <body>
    {% sections 'header-group' %}
    <main id="MainContent" role="main">{{ content_for_layout }}</main>
    {% sections 'footer-group' %}
  </body>
</html>
`;

const hero = `<section class="hero">
  <h1>{{ section.settings.title | escape }}</h1>
  <p>{{ section.settings.text | escape }}</p>
</section>
{% schema %}
{
  "name": "Bannière",
  "settings": [
    { "type": "text", "id": "title", "label": "Titre", "default": "Bienvenue" },
    { "type": "textarea", "id": "text", "label": "Texte", "default": "Découvrez notre boutique." }
  ],
  "presets": [{ "name": "Bannière" }]
}
{% endschema %}
`;

function json(value: unknown): Uint8Array {
  return strToU8(`${JSON.stringify(value, null, 2)}\n`);
}

/** A minimal but complete Shopify theme (layout, templates, sections, config, locales, assets). */
function themeFiles(): Zippable {
  return {
    'layout/theme.liquid': strToU8(layout),
    'templates/index.json': json({
      sections: { hero: { type: 'hero', settings: {} } },
      order: ['hero'],
    }),
    'templates/product.json': json({
      sections: { main: { type: 'main-product', settings: {} } },
      order: ['main'],
    }),
    'templates/404.json': json({
      sections: { main: { type: 'hero', settings: {} } },
      order: ['main'],
    }),
    'sections/hero.liquid': strToU8(hero),
    'sections/main-product.liquid': strToU8(
      '<h1>{{ product.title | escape }}</h1>\n<div>{{ product.description }}</div>\n{% schema %}\n{ "name": "Produit" }\n{% endschema %}\n',
    ),
    'sections/header-group.json': json({
      type: 'header',
      name: 'En-tête',
      sections: {},
      order: [],
    }),
    'sections/footer-group.json': json({
      type: 'footer',
      name: 'Pied de page',
      sections: {},
      order: [],
    }),
    'snippets/price.liquid': strToU8('{{ price | money }}\n'),
    'config/settings_schema.json': json([
      {
        name: 'theme_info',
        theme_name: THEME_NAME,
        theme_version: LATEST_THEME_VERSION,
        theme_author: 'Theme Portal',
        theme_documentation_url: 'https://example.com/docs',
        theme_support_url: 'https://example.com/support',
      },
      {
        name: 'Couleurs',
        settings: [
          { type: 'color', id: 'color_accent', label: 'Couleur principale', default: '#1f6feb' },
        ],
      },
    ]),
    'config/settings_data.json': json({ current: 'Default', presets: { Default: {} } }),
    'locales/fr.default.json': json({
      general: { accessibility: { skip_to_content: 'Aller au contenu' } },
    }),
    'locales/en.json': json({ general: { accessibility: { skip_to_content: 'Skip to content' } } }),
    'assets/theme.css': strToU8(
      ':root { --color-accent: #1f6feb; }\nbody { margin: 0; font-family: system-ui, sans-serif; }\n.hero { padding: 4rem 1rem; text-align: center; }\n',
    ),
  };
}

let archive: Uint8Array | undefined;

/** The archive, built once per process (fixed dates, so every build is the same bytes). */
export function themeArchive(): Uint8Array {
  archive ??= zipSync(themeFiles(), { level: 9, mtime: new Date('2026-01-01T00:00:00Z') });
  return archive;
}
