export const theme = {
  downloadError: 'Erreur lors du téléchargement du thème',
} as const;
