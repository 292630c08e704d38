import type { FigureRow } from '@portal/core/admin';
import { AdminPage } from '../../AdminPage.tsx';
import { Banner } from '../../../ui/Banner.tsx';
import { Button } from '../../../ui/Button.tsx';
import { Spinner } from '../../../ui/Spinner.tsx';
import { AdminIndicatorsProvider, useAdminIndicatorsView } from './adminIndicatorsFlow.ts';
import { MrrChart } from './MrrChart.tsx';
import '../adminPage.css';

type Figures = NonNullable<ReturnType<typeof useAdminIndicatorsView>['figures']>;

/** The back office's 'Indicateurs' (docs/product.md#back-office-screens). */
export default function IndicateursPage() {
  return (
    <AdminIndicatorsProvider>
      <Indicateurs />
    </AdminIndicatorsProvider>
  );
}

function Indicateurs() {
  const view = useAdminIndicatorsView();
  return (
    <AdminPage
      title="Indicateurs"
      actions={
        <Button variant="secondary" onPress={view.reload} isPending={view.loading}>
          Actualiser
        </Button>
      }
    >
      {view.error !== null ? <Banner tone="error">{view.error}</Banner> : null}
      {view.figures === null ? (
        view.loading ? (
          <Spinner label="Chargement des indicateurs…" />
        ) : null
      ) : (
        <Figures figures={view.figures} />
      )}
    </AdminPage>
  );
}

function Figures({ figures }: { figures: Figures }) {
  return (
    <>
      <p>Au {figures.at}.</p>
      <dl className="admin-figures">
        <div>
          <dt>Revenu mensuel récurrent</dt>
          <dd>{figures.mrr}</dd>
        </div>
        <div>
          <dt>Abonnements payants actifs</dt>
          <dd>{figures.activeSubscriptions}</dd>
        </div>
        <div>
          <dt>Essais en cours</dt>
          <dd>{figures.trialsRunning}</dd>
        </div>
        <div>
          <dt>Paiements en échec</dt>
          <dd>
            {figures.pastDue} ({figures.amountOwed} dus)
          </dd>
        </div>
        <div>
          <dt>Licences utilisées / limite</dt>
          <dd>{figures.licences}</dd>
        </div>
      </dl>

      <section className="admin-section" aria-labelledby="admin-mrr-chart">
        <h2 id="admin-mrr-chart">Revenu mensuel récurrent sur 90 jours</h2>
        <MrrChart
          x={figures.series.x}
          y={figures.series.y}
          label="Courbe du revenu mensuel récurrent sur 90 jours ; ses valeurs sont dans le tableau qui suit."
        />
        {/* Its own scrolling box, reachable with the keyboard (axe: scrollable-region-focusable). */}
        <div className="admin-series" tabIndex={0} role="region" aria-label="Valeurs de la courbe">
          <FigureTable
            caption="Revenu mensuel récurrent à la fin de chaque jour"
            head={['Jour', 'Revenu mensuel récurrent']}
            rows={figures.series.rows}
          />
        </div>
      </section>

      <section className="admin-section" aria-labelledby="admin-figures-detail">
        <h2 id="admin-figures-detail">Détail</h2>
        <FigureTable
          caption="Abonnements actifs par formule et périodicité"
          head={['Formule', 'Périodicité', 'Abonnements', 'Revenu mensuel']}
          rows={figures.byPlan}
        />
        <FigureTable
          caption="Mouvements du revenu mensuel récurrent"
          head={['Mouvement', '30 derniers jours', '90 derniers jours']}
          rows={figures.movements}
        />
        <FigureTable
          caption="Essais commencés et convertis"
          head={['Essais', '30 derniers jours', '90 derniers jours']}
          rows={figures.trials}
        />
        <FigureTable
          caption="Licences utilisées par formule"
          head={['Formule', 'Utilisées', 'Limite']}
          rows={figures.licencesByPlan}
        />
      </section>
    </>
  );
}

/** A table of figures: each row's label is its header, the numbers aligned right. */
function FigureTable({
  caption,
  head,
  rows,
}: {
  caption: string;
  head: string[];
  rows: FigureRow[];
}) {
  return (
    <div className="admin-table-wrap">
      <table className="admin-table">
        <caption>{caption}</caption>
        <thead>
          <tr>
            {head.map((title, index) => (
              <th key={index} scope="col" className={index === 0 ? undefined : 'admin-number'}>
                {title}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row, index) => (
            // A plan sold monthly and yearly has two rows of one name.
            <tr key={`${index}-${row.label}`}>
              <th scope="row">{row.label}</th>
              {row.cells.map((cell, column) => (
                <td key={column} className="admin-number">
                  {cell}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
