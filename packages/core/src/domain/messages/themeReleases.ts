/**
 * The theme's releases (docs/product.md, 'Theme releases'): the update notice, the refusal of a
 * release a subscription does not cover, the update that keeps the merchant's work (its report's
 * headings, its three steps, the refusals of an upload) and the publication of a version.
 */
export const themeReleases = {
  /** A licence whose shop runs an older version than the latest. */
  updateAvailable: (version: string) => `Mise à jour disponible : version ${version}`,
  /** 403: an ended subscription keeps the releases published while it was paid, no later one. */
  releaseNotCovered: (version: string) =>
    `La version ${version} est sortie après la fin de votre abonnement : choisissez un plan pour la télécharger.`,
  update: {
    removedSettings: 'Réglages retirés',
    removedSettingsHint:
      'La nouvelle version ne connaît plus ces réglages : notez leur valeur pour la reporter si besoin.',
    conflicts: 'Fichiers modifiés des deux côtés',
    conflictsHint:
      'Vous aviez modifié ces fichiers et la nouvelle version les change aussi : elle contient la nouvelle version du fichier, le différentiel montre vos modifications à reporter.',
    keptFiles: 'Fichiers conservés',
    keptFilesHint: 'Ces fichiers, modifiés ou ajoutés par vous seul, sont repris tels quels.',
    nothingToReview: 'Rien à vérifier : tous vos réglages ont été repris.',
    download: 'Télécharger le thème mis à jour',
    /** The three steps to install the merged theme. */
    steps: [
      'Dans l’administration Shopify, ouvrez Boutique en ligne puis Thèmes, cliquez sur « Ajouter un thème » puis « Charger un fichier zip » et choisissez l’archive téléchargée.',
      'Le thème arrive non publié dans votre bibliothèque : prévisualisez-le et vérifiez les réglages retirés et les fichiers modifiés des deux côtés listés ici.',
      'Quand tout vous convient, cliquez sur « Publier » : votre thème actuel reste dans la bibliothèque si vous voulez revenir en arrière.',
    ],
    expired: 'Cette mise à jour a expiré : chargez à nouveau l’export de votre thème.',
  },
  /** 400 and 413 of an uploaded archive (the update's and the publication's). */
  upload: {
    missingArchive: 'Joignez l’archive du thème (un fichier .zip).',
    tooLarge: (megabytes: number) => `L’archive dépasse la taille maximale de ${megabytes} Mo.`,
    tooManyEntries: (count: number) => `L’archive contient plus de ${count} fichiers.`,
    inflatedTooLarge: (megabytes: number) =>
      `Une fois décompressée, l’archive dépasserait ${megabytes} Mo.`,
    compressionRatio: (name: string) =>
      `Le fichier ${name} est anormalement compressé : l’archive est refusée par précaution.`,
    notZip: 'Ce fichier n’est pas une archive zip lisible.',
    unsupported: (name: string) =>
      `Le fichier ${name} est chiffré ou compressé d’une façon non prise en charge.`,
    unsafePath: (name: string) => `L’archive contient un chemin non autorisé : ${name}`,
    symlink: (name: string) => `L’archive contient un lien symbolique, non autorisé : ${name}`,
    duplicate: (name: string) => `L’archive contient deux fois le fichier ${name}.`,
    nameEncoding: 'L’archive contient un nom de fichier illisible (un encodage autre que UTF-8).',
    notATheme: 'Cette archive n’est pas un thème Shopify : layout/theme.liquid est introuvable.',
    invalidJson: (file: string) => `Le fichier ${file} n’est pas un JSON valide.`,
    noVersion:
      'Le thème ne dit pas sa version (theme_info.theme_version dans config/settings_schema.json).',
    unknownBase: (version: string) => `La version ${version} du thème n’est pas connue du portail.`,
    upToDate: (version: string) => `Votre thème est déjà à jour (version ${version}).`,
  },
  /** The admin's publication of a version. */
  publish: {
    published: (version: string) => `Version ${version} publiée`,
    versionMismatch: (declared: string, found: string) =>
      `L’archive est la version ${found} (theme_info.theme_version), pas la version ${declared} annoncée.`,
    notNewer: (version: string, latest: string) =>
      `La version ${version} n’est pas plus récente que la dernière publiée (${latest}).`,
    themeCheck: (count: number, first: string) =>
      `Theme Check a trouvé ${count} ${count > 1 ? 'erreurs' : 'erreur'}, dont : ${first}`,
  },
} as const;
