export const theme = {
  downloadError: 'Erreur lors du téléchargement du thème',
  download: 'Télécharger le thème',
  downloading: 'Téléchargement en cours…',
  downloadStarted: (filename: string) =>
    `Le téléchargement de ${filename} a commencé. Importez ensuite l’archive dans Shopify : Boutique en ligne, puis Thèmes, puis Ajouter un thème.`,
  /**
   * The 'Thème' tab's three steps: installing the archive in Shopify's admin, and how the
   * licence list tells that the licence is active (docs/product.md#themes-tab).
   */
  install: {
    title: 'Installer le thème dans Shopify',
    steps: [
      'Dans l’administration Shopify, ouvrez Boutique en ligne puis Thèmes, cliquez sur « Ajouter un thème » puis « Charger un fichier zip » et choisissez l’archive téléchargée.',
      'Le thème arrive non publié dans votre bibliothèque : prévisualisez-le si vous le souhaitez, puis cliquez sur « Publier » pour le mettre en ligne.',
      'Ouvrez une page de votre boutique : le thème vérifie sa licence auprès de votre espace client. Aucun avis ne s’affiche quand la licence est active ; sinon, un avis en bas de la page dit quoi faire (par exemple, ajouter le domaine dans l’onglet « Licences »).',
    ],
  },
} as const;
