import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { prerender } from 'react-dom/static';
import { Router } from 'wouter';
import type { Licence } from '@portal/core';
import { Providers } from '../../../app/Providers.tsx';
import { createTestServices, renderApp, testOrigin } from '../../../testing/render.tsx';
import { sampleTokens, type SampleState } from '../../../testing/sampleBackend.ts';
import {
  sampleExpiredLicence,
  sampleInactiveLicence,
  sampleLicences,
  sampleTrialEndedSubscription,
  subscriptionWith,
} from '../../../testing/sampleData.ts';
import { DashboardFrame } from './DashboardFrame.tsx';
import { currentSubscriptionPath, licencesPath } from './answers.ts';
import { drawLicencesTab } from './licencesTab.ts';

/** The frame as the build renders it (scripts/prerender-entry.tsx), in the page. */
async function servedFrame(): Promise<HTMLElement> {
  const visitor = createTestServices({}, '/dashboard');
  const { prelude } = await prerender(
    <Router ssrPath="/dashboard">
      <Providers services={visitor.services}>
        <DashboardFrame />
      </Providers>
    </Router>,
  );
  visitor.stop();
  document.body.innerHTML = `<div id="app-frame" inert>${await new Response(prelude).text()}</div>`;
  return document.getElementById('app-frame') as HTMLElement;
}

/** The two answers the frame reads, as the sample backend gives them for `initial`. */
async function earlyAnswers(initial: Partial<SampleState>) {
  const { backend, stop } = createTestServices({ signedIn: true, initial }, '/dashboard');
  const get = async (path: string) => {
    const headers = { Authorization: `Bearer ${sampleTokens().accessToken}` };
    return (await backend.fetch(new Request(`${testOrigin}${path}`, { headers }))).json();
  };
  const answers = [await get(licencesPath), await get(currentSubscriptionPath)] as const;
  stop();
  return answers;
}

/** The licence list's section as the app shows it once loaded, for `initial`. */
async function appList(initial: Partial<SampleState>): Promise<string> {
  const { unmount } = renderApp('/dashboard', { signedIn: true, initial });
  await screen.findByRole('heading', { level: 3, name: 'Mes licences' });
  await waitFor(() => expect(document.querySelector('.licence-items')).not.toBeNull());
  const html = tab(document.body);
  unmount();
  return html;
}

/**
 * Markup without the ids react-aria makes up per render, which differ between any two renders, and
 * without each row's report: the frame keeps its place empty, the app fills it once its chunk
 * comes (docs/performance.md, 'The licence report').
 */
const comparable = (element: Element) =>
  element.outerHTML
    .replace(/ id="react-aria[^"]*"/g, '')
    .replace(/ aria-busy="[^"]*"/g, '')
    .replace(/(<div class="licence-item__report">).*?(<\/div>)/g, '$1$2');

/** The usage card and the licence list, as markup to compare. */
const tab = (page: Element) =>
  ['.usage-card', '.licences-list']
    .map((part) => comparable(page.querySelector(part) as Element))
    .join('\n');

const third: Licence = { ...sampleLicences[0]!, _id: 'l5', custom_domain: 'troisieme.fr' };
// Two of three licences used (the inactive one takes no place), then all three; two of ten, and
// two without a limit: the usage card's four looks.
const belowLimit = { licences: [sampleLicences[0]!, sampleExpiredLicence, sampleInactiveLicence] };
const atLimit = { licences: [...sampleLicences, third] };
const roomy = { subscription: subscriptionWith({}, 10) };
const unlimited = { subscription: subscriptionWith({}, 999) };
const states = { belowLimit, atLimit, roomy, unlimited };

// The app's tab first: React warns of two renderers when a client render follows the frame's.
const shown: Partial<Record<keyof typeof states, string>> = {};
beforeAll(async () => {
  for (const [name, initial] of Object.entries(states))
    shown[name as keyof typeof states] = await appList(initial);
});

afterEach(() => {
  document.body.innerHTML = '';
});

describe("the served frame's licence list (docs/performance.md, 'The dashboard's frame')", () => {
  it('draws the rows the app shows, from the early answers, active and inactive', async () => {
    const [licences, current] = await earlyAnswers(belowLimit);
    const frame = await servedFrame();
    expect(drawLicencesTab(frame, licences, current)).toBe(true);
    expect(frame.querySelector('.licences-list .ui-spinner')).toBeNull();
    const card = frame.querySelector('.usage-card') as Element;
    expect(card.getAttribute('aria-busy')).toBeNull();
    expect([...card.querySelectorAll('dd')].map((dd) => dd.textContent)).toEqual(['2', '3', '1']);
    expect(card.querySelector('[data-highlighted] dd')?.textContent).toBe('1');
    const rows = [...frame.querySelectorAll('.licence-item')];
    // Each row keeps its report's place, empty until the app's report chunk fills it.
    expect(rows.map((row) => row.querySelector('.licence-item__report')?.innerHTML)).toEqual([
      '',
      '',
      '',
    ]);
    expect(rows.map((row) => row.querySelector('h4')?.textContent)).toEqual([
      'boutique-exemple.fr',
      'the-epicerie.fr',
      'ancienne-boutique.fr',
    ]);
    expect([...rows[0]!.querySelectorAll('dd')].map((dd) => dd.textContent)).toEqual([
      'boutique-exemple.myshopify.com',
      'Theme Portal',
      '15 mars 2027',
    ]);
    expect(rows.map((row) => row.querySelector('.ui-badge')?.textContent)).toEqual([
      'Active',
      'Inactive',
      'Inactive',
    ]);
    expect(rows[2]!.querySelectorAll('dd')[2]?.textContent).toBe('Sans expiration');
    expect(frame.querySelector('.licences-list #licences-limit-warning')).toBeNull();
    // No id twice: the template's ids were made for one row.
    const ids = [...frame.querySelectorAll('[id]')].map((element) => element.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(tab(frame)).toBe(shown.belowLimit);
  });

  it('at the limit, draws the warning and the unavailable add button as the app does', async () => {
    const [licences, current] = await earlyAnswers(atLimit);
    expect(current.usage).toEqual({ licensesUsed: 3, licensesLimit: 3, licensesRemaining: 0 });
    const frame = await servedFrame();
    expect(drawLicencesTab(frame, licences, current)).toBe(true);
    expect(frame.querySelector('.licences-list #licences-limit-warning')?.textContent).toContain(
      'Vous avez atteint la limite de 3 licences de votre abonnement.',
    );
    const add = frame.querySelector('.licences-list__head [role="button"]');
    expect(add?.getAttribute('aria-disabled')).toBe('true');
    expect(add?.getAttribute('aria-describedby')).toBe('licences-limit-warning');
    expect(tab(frame)).toBe(shown.atLimit);
  });

  it.each([
    ['roomy', 'Disponible', ['2', '10', '8']],
    ['unlimited', 'Illimité', ['2', 'Illimité', 'Illimité']],
  ] as const)('draws the usage card as the app does (%s)', async (name, badge, figures) => {
    const [licences, current] = await earlyAnswers(states[name]);
    const frame = await servedFrame();
    expect(drawLicencesTab(frame, licences, current)).toBe(true);
    const card = frame.querySelector('.usage-card') as Element;
    expect(card.querySelector('.ui-badge')?.textContent).toBe(badge);
    expect([...card.querySelectorAll('dd')].map((dd) => dd.textContent)).toEqual(figures);
    expect(card.querySelector('[data-highlighted]')).toBeNull();
    expect(tab(frame)).toBe(shown[name]);
  });

  it('leaves the frame to the app without access, without licences, or with an unreadable answer', async () => {
    const frame = await servedFrame();
    const untouched = frame.innerHTML;
    const [licences, current] = await earlyAnswers({});
    const [, ended] = await earlyAnswers({ subscription: sampleTrialEndedSubscription });
    const [, canceled] = await earlyAnswers({
      subscription: subscriptionWith({ status: 'canceled' }),
    });
    const [none, emptyCurrent] = await earlyAnswers({ licences: [] });
    const { theme_name: _, ...withoutTheme } = sampleLicences[0]!;
    for (const [licencesBody, currentBody] of [
      [licences, ended],
      [licences, canceled],
      [none, emptyCurrent],
      [null, current],
      [licences, null],
      [{ licenses: 'boutique-exemple.fr' }, current],
      [{ licenses: [withoutTheme] }, current],
      [{ licenses: [{ ...sampleLicences[0], expires_at: 1 }] }, current],
      [licences, { ...current, usage: { licensesUsed: '2', licensesLimit: 3 } }],
    ] as const) {
      expect(drawLicencesTab(frame, licencesBody, currentBody)).toBe(false);
      expect(frame.innerHTML).toBe(untouched);
    }
  });

  it("writes a licence's values as text, never as markup or as another slot", async () => {
    const hostile = '<img src=x onerror="alert(1)">{status}" data-x="';
    const [, current] = await earlyAnswers({});
    const frame = await servedFrame();
    const licences = { licenses: [{ ...sampleLicences[0], custom_domain: hostile }] };
    expect(drawLicencesTab(frame, licences, current)).toBe(true);
    expect(frame.querySelector('.licence-items img')).toBeNull();
    expect(frame.querySelector('.licence-item h4')?.textContent).toBe(hostile);
    expect(frame.querySelector('.licence-item article')?.getAttribute('aria-label')).toBe(hostile);
    expect(frame.querySelector('.licence-item [data-x]')).toBeNull();
  });
});
