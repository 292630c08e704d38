import { PageMain } from './PageMain.tsx';

/**
 * Stand-in for /dashboard until the dashboard screens (src/pages/dashboard) are built: it proves
 * the guard and the purchase journey's arrival.
 */
export default function DashboardRoute() {
  return (
    <PageMain routeName="Dashboard">
      <h1>Tableau de bord</h1>
    </PageMain>
  );
}
