import { describe, expect, test } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SimulatedClock } from 'xstate';
import { messages, selectUser, type Customer, type PasswordChangeValues } from '@portal/core';
import { renderPage, type TestOptions } from '../../../../testing/render.tsx';
import { json, networkFailure, type SampleAnswers } from '../../../../testing/sampleBackend.ts';
import {
  noSubscription,
  sampleTrialEndedSubscription,
  sampleUser,
  subscriptionWith,
  trialSubscription,
} from '../../../../testing/sampleData.ts';
import { ProfilePanel } from './ProfilePanel.tsx';

const customer: Customer = {
  ...sampleUser,
  shop_domain: 'marie.myshopify.com',
  phone: null,
  company_name: 'Curie SARL',
};

const profileCall = 'GET /api/client/profile';
const updateCall = 'PUT /api/client/profile';
const passwordCall = 'PUT /api/client/auth/change-password';

function renderProfile(answers: SampleAnswers = {}, options: TestOptions = {}) {
  return renderPage(<ProfilePanel />, '/dashboard?tab=profil', {
    signedIn: true,
    initial: { user: customer },
    answers,
    ...options,
  });
}

/** The profile's 'Abonnement' card. */
async function subscriptionCard(): Promise<HTMLElement> {
  const heading = await screen.findByRole('heading', { level: 3, name: 'Abonnement' });
  return heading.closest('.profile-card') as HTMLElement;
}

/** The text a field's `aria-describedby` points at (its hint, then its error). */
function descriptionOf(field: HTMLElement): string {
  return (field.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ')
    .trim();
}

describe('Mon profil', () => {
  test("view mode: the details and the 'Actif' subscription", async () => {
    renderProfile();
    expect(screen.getByRole('heading', { level: 2, name: 'Mon profil' })).toBeTruthy();
    expect(await screen.findByText('Marie')).toBeTruthy();
    expect(screen.getByText('Curie SARL')).toBeTruthy();
    expect(screen.getByText('marie.myshopify.com')).toBeTruthy();
    expect(screen.getByText('Non renseigné')).toBeTruthy();
    expect(screen.getByText(messages.profile.active)).toBeTruthy();
    expect(screen.queryByText(messages.profile.noSubscription)).toBeNull();
  });

  test("no subscription: 'Inactif', 'Aucun abonnement' and a way to the plans", async () => {
    renderProfile({ 'GET /api/client/subscription/current': () => json(noSubscription) });
    expect(await screen.findByText(messages.profile.inactive)).toBeTruthy();
    expect(screen.getByText(messages.profile.noSubscription)).toBeTruthy();
    // Straight to the plan grid of 'Mon abonnement'.
    expect(screen.getByRole('link', { name: 'Voir les formules' }).getAttribute('href')).toBe(
      '/dashboard?tab=subscription&section=formules',
    );
  });

  test("a trial: 'Essai gratuit' and its days left on the services' clock", async () => {
    const clock = new SimulatedClock();
    clock.set(Date.parse('2026-11-22T10:00:00.000Z'));
    renderProfile(
      {},
      {
        clock,
        initial: { user: customer, subscription: trialSubscription('2026-11-26T10:00:00.000Z') },
      },
    );
    expect(await screen.findByText('Essai gratuit : 4 jours restants')).toBeTruthy();
    expect(screen.getByText(messages.subscription.statusLabels.trialing)).toBeTruthy();
  });

  // docs/product.md#profile-tab: the subscription tab's summary, its rules and its words.
  test("a paid plan: its price 'par mois', the licences used in words, as 'Mon abonnement' says", async () => {
    renderProfile(
      {},
      {
        initial: {
          user: customer,
          licences: [],
          subscription: subscriptionWith({ name: 'Basic', plan_id: 'basic', price: 19.99 }, 1),
        },
      },
    );
    const card = await subscriptionCard();
    expect(within(card).getByText('Basic')).toBeTruthy();
    expect(within(card).getByText('19,99 € par mois · 0 licence utilisée sur 1')).toBeTruthy();
    expect(card.textContent).not.toContain('/ 1 licences');
  });

  test("an unlimited plan (999) reads 'Illimité', never 999", async () => {
    renderProfile(
      {},
      { initial: { user: customer, subscription: subscriptionWith({ name: 'Entreprise' }, 999) } },
    );
    const card = await subscriptionCard();
    expect(
      within(card).getByText('39,99 € par mois · 2 licences utilisées (Illimité)'),
    ).toBeTruthy();
    expect(card.textContent).not.toContain('999');
  });

  test('a trial: its days left and the licences, no price as if paid', async () => {
    const clock = new SimulatedClock();
    clock.set(Date.parse('2026-11-22T10:00:00.000Z'));
    renderProfile(
      {},
      {
        clock,
        initial: {
          user: customer,
          licences: [],
          subscription: trialSubscription('2026-11-29T10:00:00.000Z'),
        },
      },
    );
    const card = await subscriptionCard();
    expect(within(card).getByText('Essai gratuit : 7 jours restants')).toBeTruthy();
    expect(within(card).getByText('0 licence utilisée sur 1')).toBeTruthy();
    expect(card.textContent).not.toContain('€');
  });

  test("a trial that ended: 'Essai terminé' and a way to the plans", async () => {
    renderProfile({}, { initial: { user: customer, subscription: sampleTrialEndedSubscription } });
    expect(await screen.findByText(messages.subscription.statusLabels.trial_ended)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Voir les formules' })).toBeTruthy();
    expect(screen.queryByText(/Essai gratuit :/)).toBeNull();
  });

  test('edit: email read-only, field errors, then saved with the success notice', async () => {
    const user = userEvent.setup();
    const updates: unknown[] = [];
    const { notification, services, backend } = renderProfile({
      [updateCall]: ({ body }) => {
        updates.push(body);
        backend.state.user = { ...customer, ...(body as Partial<Customer>) };
        return json({ message: 'Profil mis à jour', customer: backend.state.user });
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Modifier' }));
    const form = screen.getByRole('form', { name: 'Informations personnelles' });
    const email = within(form).getByLabelText('Email') as HTMLInputElement;
    expect(email.readOnly).toBe(true);
    const firstName = within(form).getByLabelText('Prénom');
    await user.clear(firstName);
    await user.type(firstName, 'M');
    await user.type(within(form).getByLabelText('Téléphone'), '0612');
    await user.click(within(form).getByRole('button', { name: 'Enregistrer' }));
    expect(await within(form).findByText(messages.validation.firstNameLength)).toBeTruthy();
    expect(within(form).getByText(messages.validation.phoneInvalid)).toBeTruthy();
    expect(updates).toEqual([]);

    await user.type(firstName, 'arion');
    await user.clear(within(form).getByLabelText('Téléphone'));
    await user.click(within(form).getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() => expect(screen.queryByRole('form')).toBeNull());
    expect(screen.getByText('Marion')).toBeTruthy();
    expect(updates[0]).toMatchObject({ first_name: 'Marion', last_name: 'Curie' });
    expect(updates[0]).not.toHaveProperty('phone');
    // The saved user goes to the auth actor (the sidebar's name follows it).
    expect(selectUser(services.auth.getSnapshot())?.first_name).toBe('Marion');
    expect(notification()).toEqual({ type: 'success', message: messages.profile.updateSuccess });
  });

  test('the phone field says which format it expects before refusing one', async () => {
    const user = userEvent.setup();
    renderProfile();
    await user.click(await screen.findByRole('button', { name: 'Modifier' }));
    const phone = screen.getByLabelText('Téléphone');
    expect(descriptionOf(phone)).toBe(messages.validation.phoneHint);
    await user.type(phone, '06 12 34 56 78');
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText(messages.validation.phoneInvalid)).toBeTruthy();
    expect(descriptionOf(phone)).toContain(messages.validation.phoneHint);
  });

  test('a 409 keeps the form open with its message', async () => {
    const user = userEvent.setup();
    renderProfile({ [updateCall]: () => json({}, 409) });
    await user.click(await screen.findByRole('button', { name: 'Modifier' }));
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText(messages.profile.conflict)).toBeTruthy();
    expect(screen.getByRole('form', { name: 'Informations personnelles' })).toBeTruthy();
  });

  test("a failed load says 'Erreur lors du chargement des informations.'", async () => {
    renderProfile({ [profileCall]: networkFailure });
    expect(await screen.findByText(messages.profile.loadError)).toBeTruthy();
  });
});

describe('Sécurité', () => {
  test('rules, a wrong current password, then the change with its notice', async () => {
    const user = userEvent.setup();
    const sent: PasswordChangeValues[] = [];
    const { notification } = renderProfile({
      [passwordCall]: ({ body }) => {
        sent.push(body as PasswordChangeValues);
        if (sent.length === 1) return json({ message: messages.password.currentIncorrect }, 401);
        return json({ message: 'Mot de passe modifié' });
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Changer le mot de passe' }));
    const form = screen.getByRole('form', { name: 'Changer le mot de passe' });
    await user.click(within(form).getByRole('button', { name: 'Modifier le mot de passe' }));
    expect(within(form).getByText(messages.validation.currentPasswordRequired)).toBeTruthy();
    expect(within(form).getByText(messages.validation.newPasswordRequired)).toBeTruthy();

    await user.type(within(form).getByLabelText('Mot de passe actuel'), 'Ancien123');
    await user.type(within(form).getByLabelText('Nouveau mot de passe'), 'nouveau1');
    await user.type(within(form).getByLabelText('Confirmation du nouveau mot de passe'), 'autre');
    await user.click(within(form).getByRole('button', { name: 'Modifier le mot de passe' }));
    expect(within(form).getByText(messages.validation.passwordComplexity)).toBeTruthy();
    expect(within(form).getByText(messages.validation.passwordsMismatch)).toBeTruthy();
    expect(sent).toEqual([]);

    await user.clear(within(form).getByLabelText('Nouveau mot de passe'));
    await user.type(within(form).getByLabelText('Nouveau mot de passe'), 'Nouveau123');
    await user.clear(within(form).getByLabelText('Confirmation du nouveau mot de passe'));
    await user.type(
      within(form).getByLabelText('Confirmation du nouveau mot de passe'),
      'Nouveau123',
    );
    await user.click(within(form).getByRole('button', { name: 'Modifier le mot de passe' }));
    expect(await within(form).findByText(messages.password.currentIncorrect)).toBeTruthy();

    await user.click(within(form).getByRole('button', { name: 'Modifier le mot de passe' }));
    await waitFor(() =>
      expect(screen.queryByRole('form', { name: 'Changer le mot de passe' })).toBeNull(),
    );
    expect(sent[1]).toEqual({
      current_password: 'Ancien123',
      new_password: 'Nouveau123',
      confirm_password: 'Nouveau123',
    });
    expect(notification()).toEqual({ type: 'success', message: messages.password.changeSuccess });
  });
});

describe('Nouvelles versions du thème', () => {
  const preferencesCall = 'PUT /customers/preferences';
  const mailsSwitch = () =>
    screen.findByRole('switch', {
      name: 'Recevoir un e-mail à chaque nouvelle version du thème',
    });

  test('on by default; turned off at once, every preference sent with the new choice', async () => {
    const user = userEvent.setup();
    const { backend } = renderProfile();
    const toggle = await mailsSwitch();
    expect((toggle as HTMLInputElement).checked).toBe(true);
    await user.click(toggle);
    expect((toggle as HTMLInputElement).checked).toBe(false);
    await waitFor(() =>
      expect(backend.state.preferences).toEqual({
        theme: 'light',
        language: 'fr',
        notifications: true,
        theme_update_emails: false,
      }),
    );
  });

  test('a failed save puts the switch back and says so in French', async () => {
    const user = userEvent.setup();
    renderProfile({ [preferencesCall]: networkFailure });
    const toggle = await mailsSwitch();
    await user.click(toggle);
    expect(await screen.findByText(messages.releaseMails.saveError)).toBeTruthy();
    expect((toggle as HTMLInputElement).checked).toBe(true);
  });

  test('a failed load says so and reloads', async () => {
    const user = userEvent.setup();
    let fail = true;
    renderProfile({
      'GET /customers/preferences': () =>
        fail
          ? json({}, 500)
          : json({
              preferences: {
                theme: 'light',
                language: 'fr',
                notifications: true,
                theme_update_emails: false,
              },
            }),
    });
    const card = (
      await screen.findByRole('heading', { level: 3, name: 'Nouvelles versions du thème' })
    ).closest('.profile-card') as HTMLElement;
    expect(await within(card).findByText(messages.releaseMails.loadError)).toBeTruthy();
    fail = false;
    await user.click(within(card).getByRole('button', { name: 'Réessayer' }));
    expect(((await mailsSwitch()) as HTMLInputElement).checked).toBe(false);
  });
});
