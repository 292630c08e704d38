import js from '@eslint/js';
import * as espree from 'espree';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const browserGlobals = [
  'window',
  'document',
  'localStorage',
  'sessionStorage',
  'location',
  'navigator',
];

/** What every web file is refused: the server. */
const webNeverImportsServer = {
  group: ['@portal/server', '@portal/server/*', '**/packages/server/**'],
  message: 'web never imports the server.',
};

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/storybook-static/**',
      '**/schema.gen.ts',
      '**/test-results/**',
      '**/playwright-report/**',
      '.data/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
    },
  },
  {
    // Build, check and bench scripts run in Node.
    files: ['**/*.mjs', '**/scripts/**/*.{js,ts}', 'bench/**/*.{js,ts}'],
    languageOptions: { globals: globals.node },
  },
  {
    // The theme's scripts run as they are in every storefront's browser: plain ES2020 modules,
    // nothing imported (packages/theme/README.md). ESLint's own parser, as TypeScript's accepts
    // any syntax whatever `ecmaVersion` says.
    files: ['packages/theme/theme/assets/**/*.js'],
    languageOptions: {
      parser: espree,
      ecmaVersion: 2020,
      sourceType: 'module',
      globals: globals.browser,
    },
    rules: { 'no-restricted-syntax': ['error', 'ImportDeclaration', 'ImportExpression'] },
  },
  {
    // The domain core is framework-free: storage, navigation, clock and fetch are injected.
    files: ['packages/core/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['react', 'react-dom', 'react/*', 'react-dom/*', '@xstate/react'],
              message: 'core is framework-free: no React.',
            },
            {
              group: ['@portal/web', '@portal/web/*', '**/packages/web/**', '**/web/src/**'],
              message: 'core never imports the web layer.',
            },
            {
              group: [
                '@portal/server',
                '@portal/server/*',
                '**/packages/server/**',
                '**/server/src/**',
              ],
              message: 'core never imports the server.',
            },
          ],
        },
      ],
      'no-restricted-globals': [
        'error',
        ...browserGlobals.map((name) => ({
          name,
          message: `core must not touch ${name}: inject it.`,
        })),
      ],
      'no-restricted-properties': [
        'error',
        ...browserGlobals.map((property) => ({
          object: 'globalThis',
          property,
          message: `core must not touch ${property}: inject it.`,
        })),
      ],
    },
  },
  {
    files: ['packages/web/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [webNeverImportsServer],
        },
      ],
    },
  },
  {
    // The dashboard's tabs take the plans and the checkout from the subscription machine's
    // children (docs/statecharts.md), never from the landing page's folder.
    files: ['packages/web/src/pages/dashboard/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            webNeverImportsServer,
            {
              group: ['**/pages/landing/**', '../../landing/*', '../../../landing/*'],
              message: "the dashboard never imports the landing page's folder.",
            },
          ],
        },
      ],
    },
  },
  {
    files: ['packages/theme/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@portal/web', '@portal/web/*', '**/packages/web/**'],
              message: 'the theme never imports the web layer.',
            },
            {
              group: ['@portal/server', '@portal/server/*', '**/packages/server/**'],
              message: 'the theme never imports the server.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['packages/server/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@portal/web', '@portal/web/*', '**/packages/web/**'],
              message: 'server never imports the web layer.',
            },
          ],
          // The bare entry loads XState and the HTTP client; the server needs only the rules.
          paths: [
            {
              name: '@portal/core',
              message: "the server imports only '@portal/core/domain'.",
            },
            {
              // liquidjs is not the server's: the storefront page is for browser tests.
              name: '@portal/theme/storefront',
              message: "the server imports only '@portal/theme'.",
            },
          ],
        },
      ],
    },
  },
  {
    // The domain entry is what the server loads: no machines, no client at run time
    // (types are erased). packages/core/src/domain/domain-entry.test.ts checks the whole graph.
    files: ['packages/core/src/domain/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['xstate', 'xstate/*', '@xstate/*', 'openapi-fetch', '**/api/**', '../api'],
              message: 'the domain entry loads no XState, no client: type-only imports only.',
              allowTypeImports: true,
            },
          ],
        },
      ],
    },
  },
);
