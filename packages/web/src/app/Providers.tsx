import type { ReactNode } from 'react';
import { I18nProvider, RouterProvider } from 'react-aria-components';
import { useLocation } from 'wouter';
import { ServicesProvider, type AppServices } from './services.tsx';

/** react-aria links navigate through wouter, and every component speaks fr-FR. */
function AriaRouter({ children }: { children: ReactNode }) {
  const [, navigate] = useLocation();
  return <RouterProvider navigate={(to) => navigate(to)}>{children}</RouterProvider>;
}

export function Providers({ services, children }: { services: AppServices; children: ReactNode }) {
  return (
    <I18nProvider locale="fr-FR">
      <ServicesProvider services={services}>
        <AriaRouter>{children}</AriaRouter>
      </ServicesProvider>
    </I18nProvider>
  );
}
