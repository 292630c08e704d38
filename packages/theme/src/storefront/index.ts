export { renderStorefront, type StorefrontPage, type ThemeRole } from './render.ts';
export { startStorefront, type Storefront } from './server.ts';
