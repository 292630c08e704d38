import { useEffect } from 'react';
import { pageTitle } from '@portal/core';

/** Spec 2: the document title follows the page's route name (mapped by core's pageTitle). */
export function useDocumentTitle(routeName: string | null): void {
  useEffect(() => {
    document.title = pageTitle(routeName);
  }, [routeName]);
}
