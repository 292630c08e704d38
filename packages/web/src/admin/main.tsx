import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { navigate as browserNavigate } from 'wouter/use-browser-location';
import { BACK_OFFICE_PATH } from '@portal/core';
import { createAppServices } from '../app/createAppServices.ts';
import { startPreferences } from '../app/preferences.ts';
import { Providers } from '../app/Providers.tsx';
import { AdminApp } from './AdminApp.tsx';
import '../ui/tokens.css';

// The back office's own document (admin.html, docs/decisions.md 'The back office's own build'):
// the same client, token store and auth machine as the app, so the session signed in on /login
// is this one.
startPreferences();

const root = document.getElementById('root');
if (root === null) throw new Error('admin.html has no #root');

let leaving = false;

/**
 * Inside the back office, the router; any other path (/login) is the app's document, loaded once:
 * a logout both ends the session and is refused the back office, each asking to leave.
 */
function navigate(to: string) {
  if (to === BACK_OFFICE_PATH || to.startsWith(`${BACK_OFFICE_PATH}/`)) browserNavigate(to);
  else if (!leaving) {
    leaving = true;
    window.location.assign(to);
  }
}

const services = createAppServices({ baseUrl: import.meta.env.VITE_API_BASE_URL, navigate });
services.notifications.start();
services.auth.start();

createRoot(root).render(
  <StrictMode>
    <Providers services={services}>
      <AdminApp />
    </Providers>
  </StrictMode>,
);
