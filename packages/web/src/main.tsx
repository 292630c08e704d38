import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App.tsx';
import { createAppServices } from './app/createAppServices.ts';
import { Providers } from './app/Providers.tsx';
import './ui/tokens.css';

const services = createAppServices({ baseUrl: import.meta.env.VITE_API_BASE_URL });
// Start-up (stored token -> fetch the customer) runs before the first route decides anything.
services.notifications.start();
services.auth.start();

const root = document.getElementById('root');
if (root === null) throw new Error('index.html has no #root');

createRoot(root).render(
  <StrictMode>
    <Providers services={services}>
      <App />
    </Providers>
  </StrictMode>,
);
