import { describe, expect, test } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { SimulatedClock } from 'xstate';
import { messages, type Establishment } from '@portal/core';
import { renderPage } from '../../testing/render.tsx';
import { json, refuse, type SampleHandler } from '../../testing/sampleBackend.ts';
import SignupPage from './SignupPage.tsx';

const currentStep = () =>
  within(screen.getByRole('list', { name: 'Étapes de l’inscription' })).getByText(
    (_, element) => element?.getAttribute('aria-current') === 'step',
  );

async function fillStep1(user: UserEvent) {
  await user.type(screen.getByLabelText('Email'), 'chef@bistrot.test');
  await user.type(screen.getByLabelText('Mot de passe'), 'Secret123');
  await user.type(screen.getByLabelText('Confirmation du mot de passe'), 'Secret123');
}

async function fillStep2(user: UserEvent) {
  await user.type(screen.getByLabelText('Nom du restaurant'), 'Le Petit Bistrot');
  await user.type(screen.getByLabelText('Adresse complète'), '12 rue des Lilas');
  await user.type(screen.getByLabelText('Nom du propriétaire'), 'Jeanne Marie Martin');
  await user.type(screen.getByLabelText('Téléphone'), '0102030405');
  await user.type(screen.getByLabelText('Ville'), 'Lyon');
}

describe('signup wizard', () => {
  test('header, step labels, and Suivant unavailable with the missing fields listed', () => {
    renderPage(<SignupPage />, '/signup');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(messages.signup.header);
    expect(currentStep().textContent).toContain('Informations');
    const next = screen.getByRole('button', { name: 'Suivant' });
    expect(next.getAttribute('aria-disabled')).toBe('true');
    expect(document.getElementById('signup-missing')?.textContent).toBe(
      'Champs à compléter : Email, Mot de passe, Confirmation du mot de passe',
    );
    expect(
      screen.getByRole('link', { name: 'Déjà un compte ? Se connecter' }).getAttribute('href'),
    ).toBe('/auth/login');
  });

  test('step 1 needs equal passwords; back keeps the values', async () => {
    const user = userEvent.setup();
    renderPage(<SignupPage />, '/signup');
    await user.type(screen.getByLabelText('Email'), 'chef@bistrot.test');
    await user.type(screen.getByLabelText('Mot de passe'), 'Secret123');
    await user.type(screen.getByLabelText('Confirmation du mot de passe'), 'Autre1234');
    expect(screen.getByRole('button', { name: 'Suivant' }).getAttribute('aria-disabled')).toBe(
      'true',
    );
    expect(document.getElementById('signup-missing')?.textContent).toContain(
      'Confirmation du mot de passe',
    );
    // The mismatch is said under the confirmation, not only in the tooltip.
    expect(screen.getByText(messages.validation.passwordsMismatch)).toBeTruthy();
    await user.clear(screen.getByLabelText('Confirmation du mot de passe'));
    await user.type(screen.getByLabelText('Confirmation du mot de passe'), 'Secret123');
    await user.click(screen.getByRole('button', { name: 'Suivant' }));
    expect(currentStep().textContent).toContain('Restaurant');
    expect(document.getElementById('signup-missing')?.textContent).toBe(
      'Champs à compléter : Nom du restaurant, Adresse complète, Nom du propriétaire, Téléphone, Ville',
    );
    await user.click(screen.getByRole('button', { name: 'Précédent' }));
    expect(currentStep().textContent).toContain('Informations');
    expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe('chef@bistrot.test');
  });

  test("step 1 holds the password to the rule of every new password, with the rule's hint", async () => {
    const user = userEvent.setup();
    renderPage(<SignupPage />, '/signup');
    const password = screen.getByLabelText('Mot de passe');
    expect(
      document.getElementById(password.getAttribute('aria-describedby')?.split(' ')[0] ?? '')
        ?.textContent,
    ).toBe(messages.validation.newPasswordHint);
    await user.type(screen.getByLabelText('Email'), 'chef@bistrot.test');
    await user.type(password, 'abcdefgh');
    await user.type(screen.getByLabelText('Confirmation du mot de passe'), 'abcdefgh');
    expect(screen.getByText(messages.validation.passwordComplexity)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Suivant' }).getAttribute('aria-disabled')).toBe(
      'true',
    );
  });

  test('step 3 offers the cuisine options in French, then creates the account, says so, and goes to /login after 2 s', async () => {
    const user = userEvent.setup();
    const sent: unknown[] = [];
    const register: SampleHandler = ({ body }) => {
      sent.push(body);
      return json({ message: 'Compte créé' }, 201);
    };
    const clock = new SimulatedClock();
    const { navigated } = renderPage(<SignupPage />, '/signup', {
      answers: { 'POST /api/client/auth/register': register },
      clock,
    });
    await fillStep1(user);
    await user.click(screen.getByRole('button', { name: 'Suivant' }));
    await fillStep2(user);
    await user.click(screen.getByRole('button', { name: 'Suivant' }));
    expect(currentStep().textContent).toContain('Préférences');
    // Native selects: the first option is no choice (both are optional).
    const cuisine = screen.getByRole<HTMLSelectElement>('combobox', {
      name: 'Type de cuisine (facultatif)',
    });
    const options = within(cuisine)
      .getAllByRole('option')
      .map((option) => option.textContent);
    expect(options).toEqual([
      'Sélectionnez une option',
      ...Object.values(messages.signup.cuisineOptions),
    ]);
    expect(cuisine.value).toBe('');
    await user.selectOptions(cuisine, 'Méditerranéenne');
    expect(cuisine.value).toBe('mediterraneenne');
    const heardFrom = screen.getByRole<HTMLSelectElement>('combobox', {
      name: 'Comment nous avez-vous connus ? (facultatif)',
    });
    expect(
      within(heardFrom)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Sélectionnez une option', ...Object.values(messages.signup.heardFromOptions)]);
    await user.selectOptions(heardFrom, 'Réseau professionnel');
    expect(heardFrom.value).toBe('reseau_professionnel');
    // The choices are kept when going back and forth.
    await user.click(screen.getByRole('button', { name: 'Précédent' }));
    await user.click(screen.getByRole('button', { name: 'Suivant' }));
    expect(
      screen.getByRole<HTMLSelectElement>('combobox', { name: 'Type de cuisine (facultatif)' })
        .value,
    ).toBe('mediterraneenne');
    await user.click(screen.getByRole('button', { name: 'Créer mon compte' }));
    expect(await screen.findByText(messages.signup.success)).toBeTruthy();
    act(() => clock.increment(1999));
    expect(navigated).toEqual([]);
    act(() => clock.increment(1));
    await waitFor(() => expect(navigated).toEqual(['/login']));
    expect(sent).toEqual([
      {
        email: 'chef@bistrot.test',
        password: 'Secret123',
        first_name: 'Jeanne',
        last_name: 'Marie Martin',
        shop_domain: 'lepetitbistrot',
      },
    ]);
  });

  test('a refused registration shows the server message on step 3', async () => {
    const user = userEvent.setup();
    renderPage(<SignupPage />, '/signup', {
      answers: { 'POST /api/client/auth/register': refuse(409, 'Cet email est déjà utilisé') },
    });
    await fillStep1(user);
    await user.click(screen.getByRole('button', { name: 'Suivant' }));
    await fillStep2(user);
    await user.click(screen.getByRole('button', { name: 'Suivant' }));
    await user.click(screen.getByRole('button', { name: 'Créer mon compte' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Cet email est déjà utilisé');
    expect(currentStep().textContent).toContain('Préférences');
  });

  test('the establishment search fills step 2 from a suggestion, the city included', async () => {
    const user = userEvent.setup();
    const bistrot: Establishment = {
      id: 'p1',
      name: 'Le Bistrot du Port',
      address: '1 quai des Pêcheurs, 13002 Marseille, France',
      phone: '04 91 00 00 00',
      types: ['restaurant'],
    };
    const clock = new SimulatedClock();
    const { backend } = renderPage(<SignupPage />, '/signup', {
      answers: { 'GET /api/google-places/search': () => json({ establishments: [bistrot] }) },
      clock,
    });
    await fillStep1(user);
    await user.click(screen.getByRole('button', { name: 'Suivant' }));
    // The search's code comes in a chunk of its own: its field arrives once it is there.
    await user.type(
      await screen.findByRole('combobox', { name: /Rechercher votre établissement/ }),
      'Bis',
    );
    // The search waits 300 ms after the last key.
    act(() => clock.increment(299));
    expect(backend.calls).not.toContain('GET /api/google-places/search');
    act(() => clock.increment(1));
    await user.click(await screen.findByRole('option', { name: /Le Bistrot du Port/ }));
    expect((screen.getByLabelText('Nom du restaurant') as HTMLInputElement).value).toBe(
      'Le Bistrot du Port',
    );
    expect((screen.getByLabelText('Adresse complète') as HTMLInputElement).value).toBe(
      '1 quai des Pêcheurs, 13002 Marseille, France',
    );
    expect((screen.getByLabelText('Téléphone') as HTMLInputElement).value).toBe('04 91 00 00 00');
    // The city the address names fills 'Ville' too.
    expect((screen.getByLabelText('Ville') as HTMLInputElement).value).toBe('Marseille');
  });

  test('without a places service the search gives way to manual entry', async () => {
    const user = userEvent.setup();
    const clock = new SimulatedClock();
    renderPage(<SignupPage />, '/signup', {
      answers: {
        'GET /api/google-places/search': () => json({ error: 'REQUEST_DENIED' }, 503),
      },
      clock,
    });
    await fillStep1(user);
    await user.click(screen.getByRole('button', { name: 'Suivant' }));
    await user.type(await screen.findByRole('combobox'), 'Bistrot');
    act(() => clock.increment(300));
    expect(await screen.findByText(messages.establishmentSearch.notConfigured)).toBeTruthy();
    expect(screen.queryByRole('combobox')).toBeNull();
    expect(screen.getByLabelText('Nom du restaurant')).toBeTruthy();
  });
});
