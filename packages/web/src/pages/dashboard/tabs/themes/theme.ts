/**
 * docs/product.md#themes-tab: the one archive the portal offers. Its filename is the one the reference server
 * serves (`packages/server/src/theme/archive.ts`).
 */
export const portalTheme = {
  id: 'theme-boutique',
  name: 'Thème Boutique',
  description:
    'Le thème complet pour votre boutique Shopify : plus de 120 fonctionnalités, sans code et sans frais mensuels.',
  filename: 'theme-boutique.zip',
} as const;
