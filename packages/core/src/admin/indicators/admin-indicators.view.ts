import type { SnapshotFrom } from 'xstate';
import { formatCents, formatDate, formatNumber } from '../../domain/formatting.ts';
import { messages } from '../../domain/messages.ts';
import type {
  AdminIndicatorsEvent,
  adminIndicatorsMachine,
  Indicators,
} from './admin-indicators.machine.ts';

export type AdminIndicatorsSnapshot = SnapshotFrom<typeof adminIndicatorsMachine>;

/** One row of a figures table: its label and its cells, already in French. */
export interface FigureRow {
  label: string;
  cells: string[];
}

/** The Indicateurs screen (docs/product.md#back-office-screens): every figure in French. */
export interface AdminIndicatorsView {
  loading: boolean;
  error: string | null;
  figures: {
    /** 'au 28 novembre 2026'. */
    at: string;
    mrr: string;
    activeSubscriptions: string;
    trialsRunning: string;
    pastDue: string;
    amountOwed: string;
    licences: string;
    /** Subscriptions by plan and cycle: plan, cycle, count, MRR. */
    byPlan: FigureRow[];
    /** Movements: new, expansion, contraction, churn, net; over 30 then 90 days. */
    movements: FigureRow[];
    /** Trials started and converted over 30 then 90 days. */
    trials: FigureRow[];
    /** Licences used against limits, by plan. */
    licencesByPlan: FigureRow[];
    /** The MRR of each of the last 90 days: the chart's points (seconds, euros) and its table. */
    series: { x: number[]; y: number[]; rows: FigureRow[] };
  } | null;
}

const cycleLabel = (cycle: string) =>
  cycle === 'yearly' ? messages.admin.indicators.yearly : messages.admin.indicators.monthly;

export function indicatorFiguresOf(data: Indicators): NonNullable<AdminIndicatorsView['figures']> {
  const text = messages.admin.indicators;
  const m30 = data.movements.last_30_days;
  const m90 = data.movements.last_90_days;
  const movement = (label: string, key: keyof typeof m30): FigureRow => ({
    label,
    cells: [formatCents(m30[key]), formatCents(m90[key])],
  });
  return {
    at: formatDate(data.at),
    mrr: formatCents(data.mrr_cents),
    activeSubscriptions: formatNumber(data.subscriptions.total),
    trialsRunning: formatNumber(data.trials.running),
    pastDue: formatNumber(data.failed_payments.past_due_subscriptions),
    amountOwed: formatCents(data.failed_payments.amount_owed_cents),
    licences: `${formatNumber(data.licenses.used)} / ${formatNumber(data.licenses.limit)}`,
    byPlan: data.subscriptions.by_plan.map((plan) => ({
      label: plan.plan_name,
      cells: [
        cycleLabel(plan.billing_cycle),
        formatNumber(plan.count),
        formatCents(plan.mrr_cents),
      ],
    })),
    movements: [
      movement(text.movements.new, 'new_cents'),
      movement(text.movements.expansion, 'expansion_cents'),
      movement(text.movements.contraction, 'contraction_cents'),
      movement(text.movements.churn, 'churn_cents'),
      movement(text.movements.net, 'net_cents'),
    ],
    trials: [
      {
        label: text.trialsStarted,
        cells: [
          formatNumber(data.trials.last_30_days.started),
          formatNumber(data.trials.last_90_days.started),
        ],
      },
      {
        label: text.trialsConverted,
        cells: [
          formatNumber(data.trials.last_30_days.converted),
          formatNumber(data.trials.last_90_days.converted),
        ],
      },
    ],
    licencesByPlan: data.licenses.by_plan.map((plan) => ({
      label: plan.plan_name,
      cells: [formatNumber(plan.used), formatNumber(plan.limit)],
    })),
    series: {
      x: data.mrr_series.map((point) => Date.parse(`${point.date}T00:00:00Z`) / 1000),
      y: data.mrr_series.map((point) => point.mrr_cents / 100),
      rows: data.mrr_series.map((point) => ({
        label: formatDate(`${point.date}T12:00:00Z`),
        cells: [formatCents(point.mrr_cents)],
      })),
    },
  };
}

export function adminIndicatorsView(snapshot: AdminIndicatorsSnapshot): AdminIndicatorsView {
  const { indicators, loadError } = snapshot.context;
  return {
    loading: snapshot.matches('loading'),
    error: loadError,
    figures: indicators === null ? null : indicatorFiguresOf(indicators),
  };
}

export function adminIndicatorsCommands(send: (event: AdminIndicatorsEvent) => void) {
  return { reload: () => send({ type: 'indicators.reload' }) };
}
