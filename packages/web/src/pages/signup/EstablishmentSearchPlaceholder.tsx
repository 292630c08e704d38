import { TextField } from '../../ui/TextField.tsx';

export const searchLabel = 'Rechercher votre établissement (facultatif)';
export const searchDescription =
  'Tapez au moins 3 caractères : nous remplissons l’adresse pour vous.';

/**
 * The search field as it will be, while its code loads (it comes when the browser is idle after
 * step 1, see docs/performance.md, 'The signup route'): same label, description and size, so
 * nothing moves when it arrives; disabled, so nothing typed into it can be lost.
 */
export function EstablishmentSearchPlaceholder() {
  return (
    <>
      <TextField label={searchLabel} description={searchDescription} isDisabled />
      <p className="signup-search__status" />
    </>
  );
}
