/** /dashboard: the customer dashboard (src/pages/dashboard), in its own chunk. */
export { default } from '../pages/dashboard/DashboardPage.tsx';
