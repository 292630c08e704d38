import type { components } from '../api/schema.gen.ts';

export type Establishment = components['schemas']['Establishment'];

export interface EstablishmentSearchContext {
  query: string;
  results: Establishment[];
  /** 'Aucun établissement trouvé', 'Erreur de connexion' or the manual-mode text. */
  message: string | null;
  selected: Establishment | null;
}

export type EstablishmentSearchEvent =
  | { type: 'search.input'; query: string }
  | { type: 'search.select'; establishment: Establishment }
  | { type: 'search.clear' };
