export const theme = {
  downloadError: 'Erreur lors du téléchargement du thème',
  download: 'Télécharger le thème',
  downloading: 'Téléchargement en cours…',
  downloadStarted: (filename: string) =>
    `Le téléchargement de ${filename} a commencé. Importez ensuite l’archive dans Shopify : Boutique en ligne, puis Thèmes, puis Ajouter un thème.`,
} as const;
