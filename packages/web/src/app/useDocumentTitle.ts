import { useEffect } from 'react';
import { documentTitle } from '@portal/core';

/** The document title follows the page's route name, with the brand: 'Connexion · Theme Portal'. */
export function useDocumentTitle(routeName: string | null): void {
  useEffect(() => {
    document.title = documentTitle(routeName);
  }, [routeName]);
}
