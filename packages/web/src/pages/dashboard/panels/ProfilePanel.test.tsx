import { describe, expect, test } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError, messages, type AuthUser, type PasswordChangeValues } from '@portal/core';
import { demoUser } from '../../../test/services.tsx';
import { noSubscription, renderDashboard, scaleSubscription } from '../testing.tsx';
import { ProfilePanel } from './ProfilePanel.tsx';

const customer = {
  ...demoUser,
  shop_domain: 'marie.myshopify.com',
  phone: null,
  company_name: 'Curie SARL',
} as AuthUser;

const withCustomer = {
  fetchProfile: async () => ({ user: customer, subscription: scaleSubscription }),
};

describe('Mon profil', () => {
  test("view mode: the details and the 'Actif' subscription", async () => {
    renderDashboard(<ProfilePanel />, { fakes: withCustomer });
    expect(screen.getByRole('heading', { level: 2, name: 'Mon profil' })).toBeTruthy();
    expect(await screen.findByText('Marie')).toBeTruthy();
    expect(screen.getByText('Curie SARL')).toBeTruthy();
    expect(screen.getByText('marie.myshopify.com')).toBeTruthy();
    expect(screen.getByText('Non renseigné')).toBeTruthy();
    expect(screen.getByText(messages.profile.active)).toBeTruthy();
    expect(screen.queryByText(messages.profile.noSubscription)).toBeNull();
  });

  test("no subscription: 'Inactif', 'Aucun abonnement' and a way to the plans", async () => {
    renderDashboard(<ProfilePanel />, {
      fakes: { fetchProfile: async () => ({ user: customer, subscription: noSubscription }) },
    });
    expect(await screen.findByText(messages.profile.inactive)).toBeTruthy();
    expect(screen.getByText(messages.profile.noSubscription)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Voir les formules' }).getAttribute('href')).toBe(
      '/dashboard?tab=subscription',
    );
  });

  test('edit: email read-only, field errors, then saved with the success notice', async () => {
    const user = userEvent.setup();
    const updates: unknown[] = [];
    const announced: AuthUser[] = [];
    const { notification } = renderDashboard(<ProfilePanel />, {
      fakes: {
        ...withCustomer,
        updateProfile: async (update) => {
          updates.push(update);
          return { ...customer, ...update } as AuthUser;
        },
        onUserUpdated: (saved) => announced.push(saved),
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
    expect(announced[0]?.first_name).toBe('Marion');
    expect(notification()).toEqual({ type: 'success', message: messages.profile.updateSuccess });
  });

  test('a 409 keeps the form open with its message', async () => {
    const user = userEvent.setup();
    renderDashboard(<ProfilePanel />, {
      fakes: {
        ...withCustomer,
        updateProfile: async () => {
          throw new ApiError({ kind: 'http', status: 409 });
        },
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Modifier' }));
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText(messages.profile.conflict)).toBeTruthy();
    expect(screen.getByRole('form', { name: 'Informations personnelles' })).toBeTruthy();
  });

  test("a failed load says 'Erreur lors du chargement des informations.'", async () => {
    renderDashboard(<ProfilePanel />, {
      fakes: {
        fetchProfile: async () => {
          throw new ApiError({ kind: 'network', status: 0 });
        },
      },
    });
    expect(await screen.findByText(messages.profile.loadError)).toBeTruthy();
  });
});

describe('Sécurité', () => {
  test('rules, a wrong current password, then the change with its notice', async () => {
    const user = userEvent.setup();
    const sent: PasswordChangeValues[] = [];
    const { notification } = renderDashboard(<ProfilePanel />, {
      fakes: {
        ...withCustomer,
        changePassword: async (values) => {
          sent.push(values);
          if (sent.length === 1) throw new ApiError({ kind: 'http', status: 401 });
        },
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
