import { messages } from './messages.ts';

/** The product's name, spelt one way everywhere (shell, landing, document titles). */
export const brandName = 'Theme Portal';

/**
 * docs/product.md#root-view-guards-and-page-titles: the page title of each named route of the
 * shell.
 */
export const routeTitles: Readonly<Record<string, string>> = {
  Dashboard: 'Tableau de bord',
  Users: 'Utilisateurs',
  Projects: 'Projets',
  Analytics: 'Analytics',
  Settings: 'Paramètres',
};

/** The mapped title, else the route name as-is, else 'SaaS App'. */
export function pageTitle(routeName: string | null | undefined): string {
  if (routeName === null || routeName === undefined || routeName === '') {
    return messages.shell.fallbackTitle;
  }
  return routeTitles[routeName] ?? routeName;
}

/**
 * The browser tab's title: the page's title, then the brand ('Connexion · Theme Portal'); the
 * brand alone when no route is named.
 */
export function documentTitle(routeName: string | null | undefined): string {
  if (routeName === null || routeName === undefined || routeName === '') return brandName;
  return `${pageTitle(routeName)} · ${brandName}`;
}
