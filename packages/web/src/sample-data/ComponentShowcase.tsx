import { formatEuros, messages } from '@portal/core';
import { Badge } from '../ui/Badge.tsx';
import { Banner } from '../ui/Banner.tsx';
import { Button } from '../ui/Button.tsx';
import { Card } from '../ui/Card.tsx';
import { PlanCard } from '../ui/PlanCard.tsx';
import { Switch } from '../ui/Switch.tsx';
import { TextField } from '../ui/TextField.tsx';
import { DataTable, type DataTableColumn } from './DataTable.tsx';
import { demoPlans, demoShops, type DemoShop } from './demoData.ts';
import './sample-data.css';

/**
 * docs/product.md#sample-data: the showcase's table shows 5 rows a page (10 is the default
 * elsewhere).
 */
export const SHOWCASE_PAGE_SIZE = 5;

export const shopColumns: readonly DataTableColumn<DemoShop>[] = [
  { id: 'name', title: 'Boutique', cell: (shop) => shop.name, isRowHeader: true },
  { id: 'plan', title: 'Formule', cell: (shop) => shop.plan },
  { id: 'revenue', title: 'Revenu', cell: (shop) => formatEuros(shop.revenue) },
  {
    id: 'status',
    title: 'Statut',
    cell: (shop) => (
      <Badge tone={shop.status === 'Active' ? 'success' : 'accent'}>{shop.status}</Badge>
    ),
  },
];

/** The component showcase of docs/product.md#sample-data, over demo data (Storybook only). */
export function ComponentShowcase() {
  return (
    <main className="demo-showcase" aria-labelledby="showcase-title">
      <h1 id="showcase-title">Vitrine des composants</h1>
      <p className="demo-note">Données de démonstration.</p>

      <section aria-labelledby="showcase-actions">
        <h2 id="showcase-actions">Actions et états</h2>
        <div className="demo-row">
          <Button>Principal</Button>
          <Button variant="secondary">Secondaire</Button>
          <Button variant="ghost">Discret</Button>
          <Button isDisabled>Indisponible</Button>
          <Badge>Disponible</Badge>
          <Badge tone="accent">Limite atteinte</Badge>
          <Badge tone="success">Actif</Badge>
        </div>
        <Banner tone="info">Ceci est un message d’information.</Banner>
      </section>

      <section aria-labelledby="showcase-form">
        <h2 id="showcase-form">Champs</h2>
        <Card className="demo-form">
          <TextField label="Nom de la boutique" defaultValue="Boutique Exemple" />
          <TextField
            label="Email"
            type="email"
            defaultValue="contact@"
            errorMessage={messages.validation.emailInvalid}
          />
          <Switch defaultSelected>Recevoir la newsletter</Switch>
        </Card>
      </section>

      <section aria-labelledby="showcase-plans">
        <h2 id="showcase-plans">Formules de démonstration</h2>
        <ul className="demo-plans">
          {demoPlans.map((plan) => (
            <li key={plan.id}>
              <PlanCard plan={plan}>
                <Button
                  block
                  variant={plan.popular ? 'primary' : 'secondary'}
                  aria-describedby={`plan-${plan.id}`}
                >
                  {plan.buttonText}
                </Button>
              </PlanCard>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="showcase-table">
        <h2 id="showcase-table">Boutiques</h2>
        <DataTable
          label="Boutiques"
          columns={shopColumns}
          rows={demoShops}
          pageSize={SHOWCASE_PAGE_SIZE}
        />
      </section>
    </main>
  );
}
