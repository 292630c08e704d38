import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { prerender } from 'react-dom/static';
import { Router } from 'wouter';
import { messages, type Licence } from '@portal/core';
import { Providers } from '../../../app/Providers.tsx';
import { createTestServices, renderApp, testOrigin } from '../../../testing/render.tsx';
import { sampleTokens, type SampleState } from '../../../testing/sampleBackend.ts';
import {
  sampleExpiredLicence,
  sampleInactiveLicence,
  sampleLatestVersion,
  sampleLicences,
  sampleNeverReportedLicence,
  samplePastDueSubscription,
  sampleSuspendedLicence,
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

/** Markup without the ids react-aria makes up per render, which differ between any two renders. */
const comparable = (element: Element) =>
  element.outerHTML.replace(/ id="react-aria[^"]*"/g, '').replace(/ aria-busy="[^"]*"/g, '');

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
// What the themes reported (latest, older, never, suspended), and every licence in grace.
const reported = {
  licences: [...sampleLicences, sampleNeverReportedLicence, sampleSuspendedLicence],
  subscription: subscriptionWith({}, 10),
};
const grace = { subscription: samplePastDueSubscription };
const states = { belowLimit, atLimit, roomy, unlimited, reported, grace };

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

  it('draws what each theme reported, and the lines a licence lacks left out, as the app does', async () => {
    const [licences, current] = await earlyAnswers(reported);
    const frame = await servedFrame();
    expect(drawLicencesTab(frame, licences, current)).toBe(true);
    const rows = [...frame.querySelectorAll('.licence-item')];
    const lines = (row: Element) =>
      [...row.querySelectorAll('p')].map((line) => [line.className, line.textContent]);
    expect(lines(rows[0]!)).toEqual([
      [
        'licence-item__seen',
        'Vérifiée il y a 3 heures sur www.boutique-exemple.fr, thème en version 2.1.0',
      ],
    ]);
    expect(lines(rows[1]!)).toEqual([
      [
        'licence-item__seen',
        'Vérifiée avant-hier sur atelier-cuir.myshopify.com, thème en version 2.0.4',
      ],
      ['licence-item__update', 'Mise à jour disponible : version 2.1.0'],
    ]);
    expect(lines(rows[2]!)).toEqual([['licence-item__seen', messages.licences.neverSeen]]);
    expect(rows[3]!.querySelector('.ui-badge')?.textContent).toBe('Suspendue');
    expect(lines(rows[3]!).slice(1)).toEqual([
      ['licence-item__verdict', messages.licenceVerification.suspended],
      ['licence-item__reason', 'Motif : Licence utilisée sur une boutique qui n’est pas la vôtre.'],
    ]);
    expect(tab(frame)).toBe(shown.reported);
  });

  it('draws the licences in grace as the app does', async () => {
    const [licences, current] = await earlyAnswers(grace);
    const frame = await servedFrame();
    expect(drawLicencesTab(frame, licences, current)).toBe(true);
    expect(
      [...frame.querySelectorAll('.licence-item__verdict')].map((line) => line.textContent),
    ).toEqual([messages.licenceVerification.grace, messages.licenceVerification.grace]);
    expect(tab(frame)).toBe(shown.grace);
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
      [{ licenses: 'boutique-exemple.fr', latest_version: sampleLatestVersion }, current],
      [{ licenses: [withoutTheme], latest_version: sampleLatestVersion }, current],
      [{ licenses: [{ ...sampleLicences[0], expires_at: 1 }], latest_version: '2.1.0' }, current],
      [{ licenses: [{ ...sampleLicences[0], last_seen_at: 1 }], latest_version: '2.1.0' }, current],
      [{ licenses: [{ ...sampleLicences[0], suspended_at: undefined }] }, current],
      [{ licenses: sampleLicences }, current],
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
    const licences = {
      licenses: [{ ...sampleLicences[0], custom_domain: hostile, last_seen_host: '{update}' }],
      latest_version: sampleLatestVersion,
    };
    expect(drawLicencesTab(frame, licences, current)).toBe(true);
    expect(frame.querySelector('.licence-items img')).toBeNull();
    expect(frame.querySelector('.licence-item h4')?.textContent).toBe(hostile);
    expect(frame.querySelector('.licence-item article')?.getAttribute('aria-label')).toBe(hostile);
    expect(frame.querySelector('.licence-item [data-x]')).toBeNull();
    // A value that reads as a slot is kept as text, never taken for a line to leave out.
    expect(frame.querySelector('.licence-item__seen')?.textContent).toContain('sur {update}');
  });
});
