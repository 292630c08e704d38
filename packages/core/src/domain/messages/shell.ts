export const shell = {
  inDevelopment: 'Fonctionnalité en développement',
  fallbackTitle: 'SaaS App',
  defaultFirstName: 'Utilisateur',
} as const;
