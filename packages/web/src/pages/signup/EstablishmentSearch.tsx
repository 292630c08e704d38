import { useRef } from 'react';
import { useInspectedMachine } from '../../app/useInspectedMachine.ts';
import {
  selectEstablishments,
  selectIsManualMode,
  selectIsSearching,
  selectSearchMessage,
  signupValuesFromEstablishment,
  type SignupValues,
} from '@portal/core';
import { ComboBox } from '../../ui/ComboBox.tsx';
import { useScreenMachine } from '../../app/useScreenMachine.ts';
import { buildEstablishmentSearch } from './signupMachines.ts';

export interface EstablishmentSearchProps {
  /** Step 2's fields filled from the picked establishment. */
  onPick: (values: Partial<SignupValues>) => void;
}

/**
 * Optional establishment search over core's machine (3 characters, 300 ms debounce, 5
 * suggestions). Without a places service it gives way to manual entry, saying so.
 */
export function EstablishmentSearch({ onPick }: EstablishmentSearchProps) {
  const machine = useScreenMachine('establishmentSearch', buildEstablishmentSearch);
  const [snapshot, send] = useInspectedMachine(machine);
  const results = selectEstablishments(snapshot);
  const message = selectSearchMessage(snapshot);
  const searching = selectIsSearching(snapshot);
  // Picking a suggestion writes its name into the field; that is not a new search.
  const picked = useRef<string | null>(null);

  if (selectIsManualMode(snapshot)) {
    return (
      <p className="signup-search__status" role="status">
        {message}
      </p>
    );
  }

  return (
    <>
      <ComboBox
        label="Rechercher votre établissement (facultatif)"
        description="Tapez au moins 3 caractères : nous remplissons l’adresse pour vous."
        items={results.map((establishment) => ({
          id: establishment.id,
          label: establishment.name,
          description: establishment.address,
        }))}
        inputValue={picked.current ?? snapshot.context.query}
        onInputChange={(query) => {
          if (query === picked.current) return;
          picked.current = null;
          send({ type: 'search.input', query });
        }}
        onSelect={(id) => {
          const establishment = results.find((candidate) => candidate.id === id);
          if (establishment === undefined) return;
          picked.current = establishment.name;
          send({ type: 'search.select', establishment });
          onPick(signupValuesFromEstablishment(establishment));
        }}
      />
      <p className="signup-search__status" role="status">
        {searching ? 'Recherche en cours…' : (message ?? '')}
      </p>
    </>
  );
}
