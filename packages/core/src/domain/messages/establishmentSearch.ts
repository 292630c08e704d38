export const establishmentSearch = {
  connectionError: 'Erreur de connexion',
  notConfigured: 'API Google Places non configurée...',
  noResults: 'Aucun établissement trouvé',
} as const;
