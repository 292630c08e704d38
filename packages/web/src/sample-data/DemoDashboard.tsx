import { formatDate, formatEuros, formatNumber } from '@portal/core';
import { Badge } from '../ui/Badge.tsx';
import { Card } from '../ui/Card.tsx';
import { demoActivity, demoAlerts, demoPlanDistribution, demoStatistics } from './demoData.ts';
import './sample-data.css';

function shown(stat: (typeof demoStatistics)[number]): string {
  if (stat.unit === 'euros') return formatEuros(stat.value);
  if (stat.unit === 'percent') return `${formatNumber(stat.value, 1)} %`;
  return formatNumber(stat.value);
}

/**
 * The demo dashboard of docs/product.md#sample-data: hard-coded figures, wired to no call
 * (Storybook only).
 */
export function DemoDashboard() {
  return (
    <main className="demo-dashboard" aria-labelledby="demo-dashboard-title">
      <h1 id="demo-dashboard-title">Vue d’ensemble</h1>
      <p className="demo-note">Données de démonstration.</p>

      <section aria-labelledby="demo-stats-title">
        <h2 id="demo-stats-title">Chiffres clés</h2>
        <ul className="demo-stats">
          {demoStatistics.map((stat) => (
            <li key={stat.id}>
              <Card className="demo-stat">
                <p className="demo-stat__label">{stat.label}</p>
                <p className="demo-stat__value">{shown(stat)}</p>
                <p className="demo-stat__trend">{stat.trend}</p>
              </Card>
            </li>
          ))}
        </ul>
      </section>

      <div className="demo-columns">
        <Card className="demo-panel" aria-labelledby="demo-plans-title">
          <h2 id="demo-plans-title">Répartition des formules</h2>
          <ul className="demo-distribution">
            {demoPlanDistribution.map((entry) => (
              <li key={entry.plan}>
                <span>{entry.plan}</span>
                <span className="demo-distribution__bar" aria-hidden="true">
                  <span style={{ width: `${entry.share}%` }} />
                </span>
                <span>{entry.share} %</span>
              </li>
            ))}
          </ul>
        </Card>

        <Card className="demo-panel" aria-labelledby="demo-alerts-title">
          <h2 id="demo-alerts-title">Alertes</h2>
          <ul className="demo-alerts">
            {demoAlerts.map((alert) => (
              <li key={alert.id}>
                <Badge tone={alert.tone}>{alert.level}</Badge> {alert.text}
              </li>
            ))}
          </ul>
        </Card>
      </div>

      <Card className="demo-panel" aria-labelledby="demo-activity-title">
        <h2 id="demo-activity-title">Activité récente</h2>
        <ol className="demo-activity">
          {demoActivity.map((event) => (
            <li key={event.id}>
              <time dateTime={event.at}>{formatDate(event.at)}</time> {event.text}
            </li>
          ))}
        </ol>
      </Card>
    </main>
  );
}
