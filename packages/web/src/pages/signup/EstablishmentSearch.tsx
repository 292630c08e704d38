import { useRef } from 'react';
import {
  selectEstablishments,
  selectIsManualMode,
  selectIsSearching,
  selectSearchMessage,
  selectSearchQuery,
  signupValuesFromEstablishment,
  type SignupValues,
} from '@portal/core';
import { ComboBox } from '../../ui/ComboBox.tsx';
import { searchDescription, searchLabel } from './EstablishmentSearchPlaceholder.tsx';
import {
  EstablishmentSearchProvider,
  useEstablishmentSearchEvents,
  useEstablishmentSearchSelector,
} from './establishmentSearchFlow.ts';

export interface EstablishmentSearchProps {
  /** Step 2's fields filled from the picked establishment. */
  onPick: (values: Partial<SignupValues>) => void;
}

/**
 * Optional establishment search over core's machine (3 characters, 300 ms debounce, 5
 * suggestions). Without a places service it gives way to manual entry, saying so.
 */
export function EstablishmentSearch(props: EstablishmentSearchProps) {
  return (
    <EstablishmentSearchProvider>
      <EstablishmentSearchView {...props} />
    </EstablishmentSearchProvider>
  );
}

export function EstablishmentSearchView({ onPick }: EstablishmentSearchProps) {
  const results = useEstablishmentSearchSelector(selectEstablishments);
  const message = useEstablishmentSearchSelector(selectSearchMessage);
  const searching = useEstablishmentSearchSelector(selectIsSearching);
  const manual = useEstablishmentSearchSelector(selectIsManualMode);
  const query = useEstablishmentSearchSelector(selectSearchQuery);
  const { search, pick } = useEstablishmentSearchEvents();
  // Picking a suggestion writes its name into the field; that is not a new search.
  const picked = useRef<string | null>(null);

  if (manual) {
    return (
      <p className="signup-search__status" role="status">
        {message}
      </p>
    );
  }

  return (
    <>
      <ComboBox
        label={searchLabel}
        description={searchDescription}
        items={results.map((establishment) => ({
          id: establishment.id,
          label: establishment.name,
          description: establishment.address,
        }))}
        inputValue={picked.current ?? query}
        onInputChange={(typed) => {
          if (typed === picked.current) return;
          picked.current = null;
          search(typed);
        }}
        onSelect={(id) => {
          const establishment = results.find((candidate) => candidate.id === id);
          if (establishment === undefined) return;
          picked.current = establishment.name;
          pick(establishment);
          onPick(signupValuesFromEstablishment(establishment));
        }}
      />
      <p className="signup-search__status" role="status">
        {searching ? 'Recherche en cours…' : (message ?? '')}
      </p>
    </>
  );
}
