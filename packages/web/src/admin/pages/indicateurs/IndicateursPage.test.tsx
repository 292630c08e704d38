import { describe, expect, test, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { messages } from '@portal/core';
import { renderPage } from '../../../testing/render.tsx';
import { sampleIndicators } from '../../../testing/adminSamples.ts';
import { json, refuse, type SampleAnswers } from '../../../testing/sampleBackend.ts';
import IndicateursPage from './IndicateursPage.tsx';

// happy-dom draws no canvas: uPlot is replaced here by a recorder of what it is handed; the real
// chart is drawn in Chromium (e2e/tests/admin-screens.spec.ts).
const charts = vi.hoisted(() => ({ data: [] as unknown[][], destroyed: 0 }));
vi.mock('uplot', () => {
  class FakePlot {
    static tzDate = (date: Date) => date;
    static fmtDate = () => () => '';
    constructor(_options: unknown, data: unknown[], target: HTMLElement) {
      charts.data.push(data);
      target.append(document.createElement('canvas'));
    }
    setSize() {}
    destroy() {
      charts.destroyed += 1;
    }
  }
  return { default: FakePlot };
});

const answers = (): SampleAnswers => ({
  'GET /api/admin/indicators': () => json(sampleIndicators),
});

const nbsp = (text: string) => text.replace(/\u00a0|\u202f/g, ' ');

/** The figure under its term ('Revenu mensuel récurrent' → '101,38 €'), spaces made plain. */
async function figure(term: string) {
  const dt = await screen.findByText(term, { selector: 'dt' });
  return nbsp(dt.nextElementSibling?.textContent ?? '');
}

describe('Indicateurs (back office)', () => {
  test('the figures in French, money to the cent, and every table with its caption', async () => {
    const { container } = renderPage(<IndicateursPage />, '/admin/indicateurs', {
      signedIn: true,
      answers: answers(),
    });
    expect(await figure('Revenu mensuel récurrent')).toBe('101,38 €');
    expect(await figure('Abonnements payants actifs')).toBe('3');
    expect(await figure('Essais en cours')).toBe('2');
    expect(await figure('Paiements en échec')).toBe('1 (29,90 € dus)');
    expect(await figure('Licences utilisées / limite')).toBe('5 / 13');
    const byPlan = screen.getByRole('table', {
      name: 'Abonnements actifs par formule et périodicité',
    });
    const pro = within(byPlan).getByRole('row', { name: /Pro/ });
    expect(within(pro).getByRole('rowheader', { name: 'Pro' })).toBeTruthy();
    expect(within(pro).getByText('Annuel')).toBeTruthy();
    expect(within(pro).getByText(nbsp('41,58 €'))).toBeTruthy();
    const movements = screen.getByRole('table', { name: 'Mouvements du revenu mensuel récurrent' });
    expect(
      within(movements)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Mouvement', '30 derniers jours', '90 derniers jours']);
    const churn = within(movements).getByRole('row', { name: /Churn/ });
    expect(within(churn).getAllByText(nbsp('29,90 €'))).toHaveLength(2);
    const net = within(movements).getByRole('row', { name: /Variation nette/ });
    expect(within(net).getByText(nbsp('21,68 €'))).toBeTruthy();
    expect(within(net).getByText(nbsp('106,38 €'))).toBeTruthy();
    const trials = screen.getByRole('table', { name: 'Essais commencés et convertis' });
    expect(
      within(within(trials).getByRole('row', { name: /convertis/ })).getByText('3'),
    ).toBeTruthy();
    const licences = screen.getByRole('table', { name: 'Licences utilisées par formule' });
    expect(within(licences).getByRole('row', { name: /Starter/ }).textContent).toBe('Starter26');
    const results = await axe.run(container);
    expect(results.violations.map((violation) => violation.id)).toEqual([]);
  });

  test('the chart is handed the same 90 days as its table, in euros', async () => {
    charts.data.length = 0;
    // A canvas that answers, as a browser's does (happy-dom's has no 2D context).
    const canvas = vi
      .spyOn(HTMLCanvasElement.prototype, 'getContext')
      .mockReturnValue({} as CanvasRenderingContext2D);
    renderPage(<IndicateursPage />, '/admin/indicateurs', { signedIn: true, answers: answers() });
    const chart = await screen.findByRole('img', { name: /Courbe du revenu mensuel récurrent/ });
    expect(chart.querySelector('canvas')).not.toBeNull();
    const [x, y] = charts.data.at(-1) as [number[], number[]];
    expect(x).toHaveLength(90);
    expect(y.at(-1)).toBe(101.38);
    expect(x.at(-1)).toBe(Date.UTC(2026, 10, 28) / 1000);
    const series = screen.getByRole('table', {
      name: 'Revenu mensuel récurrent à la fin de chaque jour',
    });
    const rows = within(series).getAllByRole('row');
    expect(rows).toHaveLength(91);
    expect(nbsp(rows.at(-1)!.textContent ?? '')).toBe(nbsp('28 novembre 2026101,38 €'));
    canvas.mockRestore();
  });

  test('without a canvas, no chart is drawn and the table still holds every day', async () => {
    charts.data.length = 0;
    renderPage(<IndicateursPage />, '/admin/indicateurs', { signedIn: true, answers: answers() });
    const chart = await screen.findByRole('img', { name: /Courbe du revenu mensuel récurrent/ });
    expect(chart.querySelector('canvas')).toBeNull();
    expect(charts.data).toHaveLength(0);
    const series = screen.getByRole('table', {
      name: 'Revenu mensuel récurrent à la fin de chaque jour',
    });
    expect(within(series).getAllByRole('row')).toHaveLength(91);
  });

  test('a failure is said in French; Actualiser reads again', async () => {
    const user = userEvent.setup();
    let fail = true;
    renderPage(<IndicateursPage />, '/admin/indicateurs', {
      signedIn: true,
      answers: {
        'GET /api/admin/indicators': (request) =>
          fail ? refuse(500)(request) : json(sampleIndicators),
      },
    });
    expect(await screen.findByText(messages.admin.indicators.loadError)).toBeTruthy();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Actualiser' }));
    await waitFor(() => expect(screen.queryByText(messages.admin.indicators.loadError)).toBeNull());
    expect(await figure('Revenu mensuel récurrent')).toBe('101,38 €');
  });
});
