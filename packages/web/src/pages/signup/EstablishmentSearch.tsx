import type { SignupValues } from '@portal/core';

export interface EstablishmentSearchProps {
  onPick: (values: Partial<SignupValues>) => void;
}

/** Optional search of the establishment, filling step 2 from a suggestion. */
export function EstablishmentSearch(_props: EstablishmentSearchProps) {
  return null;
}
