import { describe, expect, onTestFinished, test } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createActor, SimulatedClock } from 'xstate';
import {
  faqItems,
  HERO_WORD_INTERVAL_MS,
  heroMachine,
  heroWords,
  landingClaims,
  messages,
  selectHeroStatistics,
  testimonials,
} from '@portal/core';
import { hydrateRoot, type Root } from 'react-dom/client';
import { prerender } from 'react-dom/static';
import { Router } from 'wouter';
import { startHydration } from '../../app/prerendered.ts';
import { Providers } from '../../app/Providers.tsx';
import { createTestServices, renderApp, renderPage } from '../../testing/render.tsx';
import { json, refuse } from '../../testing/sampleBackend.ts';
import LandingPage from './LandingPage.tsx';

function planCard(name: string) {
  return screen.getByRole('article', { name });
}

/**
 * The card's price shown: each card carries the other cycle's price too, hidden (the switch's CSS
 * shows it before the app runs).
 */
function shownPrice(name: string) {
  const prices = planCard(name).querySelectorAll('.ui-plan-card__price:not([hidden])');
  expect(prices).toHaveLength(1);
  return prices[0]!.textContent;
}

describe('landing page', () => {
  test('shows the banner claims, the navigation, the hero and every section', async () => {
    renderPage(<LandingPage />);
    for (const claim of landingClaims.banner) {
      expect(screen.getAllByText(claim).length).toBeGreaterThan(0);
    }
    const nav = screen.getByRole('navigation', { name: 'Navigation principale' });
    for (const href of ['#features', '#pricing', '#testimonials', '#faq']) {
      expect(
        within(nav)
          .getAllByRole('link')
          .some((link) => link.getAttribute('href') === href),
      ).toBe(true);
    }
    expect(within(nav).getByRole('link', { name: 'Accueil' })).toHaveProperty(
      'href',
      expect.stringMatching(/\/$/),
    );
    expect(within(nav).getByRole('link', { name: 'Connexion' }).getAttribute('href')).toBe(
      '/login',
    );
    expect(screen.getByRole('heading', { level: 1 }).textContent).toContain(heroWords[0]);
    expect(screen.getByText(landingClaims.savings)).toBeTruthy();
    expect(
      screen.getByRole('region', { name: /Ils ont choisi/ }).querySelectorAll('blockquote'),
    ).toHaveLength(testimonials.length);
    await waitFor(() => expect(document.title).toBe('Accueil · Theme Portal'));
  });

  test('pricing: monthly by default, the switch shows yearly prices and periods', async () => {
    const user = userEvent.setup();
    renderPage(<LandingPage />);
    expect(shownPrice('Basic')).toBe('19,99\u00a0€ / mois');
    expect(screen.getByText(messages.pricing.yearlyBadge)).toBeTruthy();

    await user.click(screen.getByRole('switch', { name: 'Facturation annuelle' }));

    expect(shownPrice('Basic')).toBe('203,89\u00a0€ / an');
    expect(shownPrice('Scale')).toBe('407,89\u00a0€ / an');
    expect(shownPrice('Business')).toBe('815,89\u00a0€ / an');
    // The monthly prices stay in the page, hidden, marked for the switch's CSS.
    const hidden = planCard('Basic').querySelector('.ui-plan-card__price[hidden]');
    expect(hidden?.getAttribute('data-cycle')).toBe('monthly');
    expect(hidden?.textContent).toBe('19,99\u00a0€ / mois');
  });

  test('plan cards: popular marker on Scale only, default button text', () => {
    renderPage(<LandingPage />);
    expect(within(planCard('Scale')).getByText(messages.pricing.popularText)).toBeTruthy();
    expect(within(planCard('Basic')).queryByText(messages.pricing.popularText)).toBeNull();
    expect(screen.getAllByRole('button', { name: messages.pricing.buttonText })).toHaveLength(3);
  });

  test('choosing a plan shows the overlay and sends the browser to the checkout page', async () => {
    const user = userEvent.setup();
    let release: () => void = () => {};
    const { redirected } = renderPage(<LandingPage />, '/', {
      answers: {
        'POST /api/stripe/checkout-sessions': () =>
          new Promise<Response>((resolve) => {
            release = () =>
              resolve(json({ data: { url: 'http://portal.test/sandbox/checkout/cs_42' } }));
          }),
      },
    });
    await user.click(
      within(planCard('Scale')).getByRole('button', { name: messages.pricing.buttonText }),
    );
    expect(await screen.findByText('Préparation du paiement…')).toBeTruthy();
    release();
    await waitFor(() => expect(redirected).toEqual(['http://portal.test/sandbox/checkout/cs_42']));
    await waitFor(() => expect(screen.queryByText('Préparation du paiement…')).toBeNull());
  });

  test('FAQ: opening one item closes the others', async () => {
    const user = userEvent.setup();
    renderPage(<LandingPage />);
    const [first, second] = faqItems;
    // Native disclosures: the question is the summary, the browser's button for its details.
    const question = (text: string) => screen.getByRole('heading', { name: text, level: 3 });
    const details = (text: string) => question(text).closest('details')!;
    expect(details(first!.question).open).toBe(false);
    await user.click(question(first!.question));
    await waitFor(() => expect(details(first!.question).open).toBe(true));
    expect(screen.getByText(first!.answer)).toBeTruthy();
    await user.click(question(second!.question));
    await waitFor(() => expect(details(second!.question).open).toBe(true));
    await waitFor(() => expect(details(first!.question).open).toBe(false));
    // One group: browsers that support it close the others themselves, before any script.
    expect(details(first!.question).getAttribute('name')).toBeTruthy();
    expect(details(first!.question).getAttribute('name')).toBe(
      details(second!.question).getAttribute('name'),
    );
  });
});

describe('landing page: failures and returns', () => {
  test('a plan load failure keeps the built-in plans and says so in a notification', async () => {
    renderApp('/', { answers: { 'GET /api/client/plans': refuse(500) } });
    expect(await screen.findByText(messages.pricing.loadError)).toBeTruthy();
    expect(shownPrice('Basic')).toBe('19,99\u00a0€ / mois');
  });

  test('a checkout failure shows its message as a toast and lifts the overlay', async () => {
    const user = userEvent.setup();
    renderApp('/', { answers: { 'POST /api/stripe/checkout-sessions': refuse(503) } });
    const basic = await screen.findByRole('article', { name: 'Basic' });
    await user.click(within(basic).getByRole('button', { name: messages.pricing.buttonText }));
    const region = screen.getByRole('region', { name: 'Notifications' });
    await waitFor(() => expect(region.textContent).toContain(messages.http[503]));
    expect(screen.queryByText('Préparation du paiement…')).toBeNull();
  });

  test('sent back by the onboarding: the reason shows above the plans; other text never does', async () => {
    const query = new URLSearchParams({ error: messages.onboarding.invalidSession }).toString();
    renderPage(<LandingPage />, `/pricing?${query}`);
    expect(
      within(screen.getByRole('region', { name: /Des tarifs simples/ })).getByRole('alert')
        .textContent,
    ).toBe(messages.onboarding.invalidSession);
  });

  test('sent back by the onboarding to the prerendered /pricing: hydrated as served, then the reason shows', async () => {
    // The build's HTML of /pricing (scripts/prerender-entry.tsx), which knows no query.
    const visitor = createTestServices({}, '/pricing');
    const { prelude } = await prerender(
      <Router ssrPath="/pricing">
        <Providers services={visitor.services}>
          <LandingPage />
        </Providers>
      </Router>,
    );
    visitor.stop();
    const root = document.createElement('div');
    root.innerHTML = await new Response(prelude).text();
    document.body.append(root);
    const served = root.querySelector('h1');
    // Before the app runs, 'Choisir ce plan' is a form the server answers (POST /checkout): each
    // button submits its plan, the billing switch says 'yearly' when on.
    const form = root.querySelector<HTMLFormElement>('form[data-native]');
    expect(form?.getAttribute('method')).toBe('post');
    expect(form?.getAttribute('action')).toBe('/checkout');
    const submits = () =>
      Array.from(form?.querySelectorAll('button') ?? [], (button) => [
        button.type,
        button.name,
        button.value,
      ]);
    expect(submits()).toEqual([
      ['submit', 'plan_id', 'basic'],
      ['submit', 'plan_id', 'scale'],
      ['submit', 'plan_id', 'business'],
    ]);
    const billing = form?.querySelector<HTMLInputElement>('input[type="checkbox"]');
    expect([billing?.name, billing?.value]).toEqual(['billing', 'yearly']);
    window.history.replaceState(null, '', '/pricing?error=Session%20de%20paiement%20manquante');
    // Hydrated as main.tsx does: a first render that differs from the HTML is React's hydration
    // error 418.
    const recoverable: unknown[] = [];
    const browser = createTestServices({}, '/pricing');
    let hydrated: Root | undefined;
    onTestFinished(() => {
      act(() => hydrated?.unmount());
      browser.stop();
      root.remove();
      window.history.replaceState(null, '', '/');
    });
    await act(async () => {
      hydrated = hydrateRoot(
        root,
        <Providers services={browser.services}>
          <LandingPage />
        </Providers>,
        { onRecoverableError: (error) => recoverable.push(error) },
      );
    });
    const notice = await within(root).findByRole('alert');
    expect(notice.textContent).toBe(messages.onboarding.missingSession);
    expect(recoverable).toEqual([]);
    // The served page was kept, not rendered again.
    expect(root.querySelector('h1')).toBe(served);
    // Hydrated, the buttons are the checkout flow's: no form is posted any more.
    expect(submits().map(([type]) => type)).toEqual(['button', 'button', 'button']);
  });

  test('an unknown error text in the URL is not shown', () => {
    renderPage(<LandingPage />, '/pricing?error=Appelez+le+0800+000+000');
    expect(screen.queryByText(/0800/)).toBeNull();
  });

  test('back from a cancelled payment: the plan and cycle of the address are preselected', async () => {
    renderPage(<LandingPage />, '/?plan=scale&billing=yearly');
    expect(screen.getByRole('switch', { name: 'Facturation annuelle' })).toHaveProperty(
      'checked',
      true,
    );
    expect(shownPrice('Scale')).toBe('407,89\u00a0€ / an');
    expect(within(planCard('Scale')).getByText(messages.pricing.preselected)).toBeTruthy();
    expect(within(planCard('Basic')).queryByText(messages.pricing.preselected)).toBeNull();
  });
});

describe('landing page: hero statistics', () => {
  const statisticsAt = (statisticsShown: boolean) =>
    selectHeroStatistics(
      createActor(heroMachine, { input: { reducedMotion: false, statisticsShown } }).getSnapshot(),
    ).map((stat) => stat.text);
  const shown = () =>
    Array.from(document.querySelectorAll('.landing-stat dd'), (element) => element.textContent);

  test('a hydrated page keeps the final values it was prerendered with (no drop, no second count)', () => {
    startHydration();
    renderPage(<LandingPage />);
    expect(shown()).toEqual(statisticsAt(true));
  });

  // The stylesheet counts them up from the first paint (landing.css, `landing-stat-count`): each
  // figure says how (whole or tenths), to what (in units of its last decimal) and its suffix.
  test('a prerendered page has the stylesheet count 0 to 4,9, 20 and 98', () => {
    startHydration();
    renderPage(<LandingPage />);
    const counted = Array.from(document.querySelectorAll<HTMLElement>('.landing-stat dd'), (dd) => [
      dd.dataset['countUp'],
      dd.style.getPropertyValue('--stat-to'),
      dd.dataset['suffix'],
    ]);
    expect(counted).toEqual([
      ['tenths', '49', '/5'],
      ['whole', '20', 'k+'],
      ['whole', '98', ' %'],
    ]);
  });

  test('a page rendered in the browser starts the count from its first render', () => {
    renderPage(<LandingPage />);
    expect(shown()).toEqual(statisticsAt(false));
    expect(statisticsAt(false)).not.toEqual(statisticsAt(true));
    // Counted by its flow, not by the stylesheet as well.
    expect(document.querySelector('.landing-stat dd[data-count-up]')).toBeNull();
  });
});

describe('landing page: hero title', () => {
  const word = () => document.querySelector('.landing-hero__word')?.textContent;

  test('a page rendered in the browser shows its first word for 3000 ms', () => {
    const clock = new SimulatedClock();
    renderPage(<LandingPage />, '/', { clock });
    act(() => clock.increment(HERO_WORD_INTERVAL_MS - 1));
    expect(word()).toBe(heroWords[0]);
    act(() => clock.increment(1));
    expect(word()).toBe(heroWords[1]);
  });

  test('a prerendered page keeps its words rotating in the stylesheet: the flow runs no timer', () => {
    const clock = new SimulatedClock();
    startHydration();
    renderPage(<LandingPage />, '/', { clock });
    const rotating = document.querySelector('.landing-hero__word[data-rotating]');
    const words = [...(rotating?.children ?? [])];
    expect(words.map((node) => node.textContent)).toEqual([...heroWords]);
    expect(
      words.map((node) => (node as HTMLElement).style.getPropertyValue('--word-index')),
    ).toEqual(['0', '1', '2', '3']);
    expect((rotating as HTMLElement).style.getPropertyValue('--word-interval')).toBe(
      `${HERO_WORD_INTERVAL_MS}ms`,
    );
    // The title reads as the first word, whichever the stylesheet shows.
    expect(screen.getByRole('heading', { level: 1 }).textContent).toContain(heroWords[0]);
    expect(words.slice(1).every((node) => node.getAttribute('aria-hidden') === 'true')).toBe(true);
    act(() => clock.increment(HERO_WORD_INTERVAL_MS * 2));
    expect([...(rotating?.children ?? [])].map((node) => node.textContent)).toEqual([...heroWords]);
  });
});

describe('landing page: header', () => {
  test('a signed-in visitor is offered their space instead of the login', async () => {
    renderPage(<LandingPage />, '/', { signedIn: true });
    const nav = screen.getByRole('navigation', { name: 'Navigation principale' });
    expect(
      (await within(nav).findByRole('link', { name: 'Mon espace' })).getAttribute('href'),
    ).toBe('/dashboard');
    expect(within(nav).queryByRole('link', { name: 'Connexion' })).toBeNull();
  });

  test('the section anchors are also behind a Menu disclosure (phones), closed by following one', async () => {
    const user = userEvent.setup();
    renderPage(<LandingPage />);
    const nav = screen.getByRole('navigation', { name: 'Navigation principale' });
    const menu = nav.querySelector('details');
    if (menu === null) throw new Error('no menu');
    expect(menu.querySelector('summary')?.textContent).toBe('Menu');
    const links = Array.from(menu.querySelectorAll('a'), (link) => link.getAttribute('href'));
    expect(links).toEqual(['#features', '#pricing', '#testimonials', '#faq']);
    menu.setAttribute('open', '');
    await user.click(within(menu).getByRole('link', { name: 'Tarifs' }));
    expect(menu.hasAttribute('open')).toBe(false);
  });
});
