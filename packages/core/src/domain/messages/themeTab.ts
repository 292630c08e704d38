/**
 * The 'Thème' tab's releases, the update that keeps the merchant's work and the release mails'
 * switch of the profile (docs/product.md#themes-tab). A section of its own: only those lazy
 * chunks read it, the dashboard's first screen does not carry it (docs/performance.md).
 */
export const themeTab = {
  loadError: 'Erreur lors du chargement des versions du thème.',
  currentVersion: (version: string) => `Version actuelle : ${version}`,
  version: (version: string) => `Version ${version}`,
  releasedOn: (date: string) => `Publiée le ${date}`,
  whatsNew: 'Nouveautés',
  earlierVersions: 'Versions précédentes',
  downloadVersion: (version: string) => `Télécharger la version ${version}`,
  /** The archive's integrity, in a disclosure: what a merchant compares after the download. */
  integrity: 'Taille et empreinte de l’archive',
  file: 'Fichier',
  size: 'Taille',
  sha256: 'Empreinte SHA-256',
  /** An update notice of the tab, one per shop whose theme reported an older version. */
  updateNotice: (shop: string, reported: string) =>
    `La boutique ${shop} utilise la version ${reported}.`,
  seeNotes: 'Voir les nouveautés',
  update: {
    title: 'Mettre à jour en gardant vos réglages',
    intro:
      'Exportez votre thème depuis Shopify (Boutique en ligne, Thèmes, « … » puis « Télécharger le fichier du thème »), puis chargez l’archive ici : vous recevez la nouvelle version avec vos réglages, vos modèles et vos traductions.',
    chooseFile: 'Choisir l’archive exportée (.zip)',
    chosen: (name: string) => `Fichier choisi : ${name}`,
    uploading: (name: string) => `Envoi et fusion de ${name}…`,
    cancel: 'Annuler',
    retry: 'Réessayer',
    another: 'Charger une autre archive',
    merged: (from: string, to: string) =>
      `Votre thème est passé de la version ${from} à la version ${to}.`,
    downloading: 'Téléchargement en cours…',
    downloadError: 'Erreur lors du téléchargement du thème mis à jour',
    downloadStarted: (filename: string) =>
      `Le téléchargement de ${filename} a commencé : installez-le comme nouveau thème non publié.`,
    uploadError: 'Erreur lors de l’envoi de l’archive. Réessayez.',
    diffOf: (file: string) => `Différences de ${file}`,
    installTitle: 'Installer le thème mis à jour',
  },
} as const;
