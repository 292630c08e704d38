export const http = {
  401: 'Session expirée, veuillez vous reconnecter',
  403: 'Accès refusé - permissions insuffisantes',
  404: 'Ressource non trouvée',
  422: 'Données invalides',
  429: 'Trop de requêtes - veuillez patienter',
  500: 'Erreur serveur interne',
  503: 'Service temporairement indisponible',
  fallback: (status: number) => `Erreur HTTP ${status}`,
  timeout: 'Timeout de la requête dépassé',
  network: 'Erreur de connexion',
  refreshFailed: 'Impossible de rafraîchir le token',
  noRefreshToken: 'Aucun refresh token disponible',
} as const;
