import type { ReactNode } from 'react';

/** The application shell around authenticated screens; a pass-through until the shell is built. */
export function Shell({ children }: { children: ReactNode }) {
  return <>{children}</>;
}
