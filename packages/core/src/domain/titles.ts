import { messages } from './messages.ts';

/** Spec 2: the page title of each named route of the shell. */
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
