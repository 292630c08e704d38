import { describe, expect, test } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route } from 'wouter';
import { messages } from '@portal/core';
import { NotificationBanner } from '../../../app/NotificationBanner.tsx';
import { renderPage } from '../../../testing/render.tsx';
import { adminAnswers } from '../../../testing/sampleAdminData.ts';
import { json, refuse, type SampleAnswers } from '../../../testing/sampleBackend.ts';
import CustomerPage from './CustomerPage.tsx';

const texts = messages.admin.customer;

function renderCustomer(id = 'c1', answers: SampleAnswers = {}) {
  return renderPage(
    <>
      <Route path="/admin/clients/:id" component={CustomerPage} />
      <NotificationBanner />
    </>,
    `/admin/clients/${id}`,
    { answers: { ...adminAnswers, ...answers } },
  );
}

const section = (name: string) => screen.getByRole('region', { name });

describe("a customer's page", () => {
  test('profile, subscription with its history, licences as the theme reported them, mails with their state', async () => {
    renderCustomer();
    expect(await screen.findByRole('heading', { level: 1, name: 'Marie Curie' })).toBeTruthy();
    expect(within(section(texts.profile)).getByText('+33 6 12 34 56 78')).toBeTruthy();
    const subscription = section(texts.subscription);
    expect(within(subscription).getByText('Scale (mensuel)')).toBeTruthy();
    expect(within(subscription).getByText('Actif')).toBeTruthy();
    for (const label of ["Début de l'essai", 'Paiement réussi', 'Paiement en échec'])
      expect(within(subscription).getByText(label)).toBeTruthy();
    const licences = section(texts.licences);
    expect(within(licences).getByText('2.3.0')).toBeTruthy();
    // The host the theme last checked from.
    expect(within(licences).getByText('28 février 2026 · boutique-exemple.fr')).toBeTruthy();
    expect(within(licences).getByText(`${texts.suspended} (Boutique sans paiement)`)).toBeTruthy();
    expect(within(licences).getByText(texts.neverSeen)).toBeTruthy();
    expect(
      within(licences)
        .getAllByRole('link', { name: new RegExp(texts.openLicences) })[0]!
        .getAttribute('href'),
    ).toBe('/admin/licences?q=boutique-exemple.myshopify.com');
    const mails = section(texts.mails);
    expect(within(mails).getByText('Envoyé')).toBeTruthy();
    expect(within(mails).getByText('Échec')).toBeTruthy();
    expect(within(mails).getByText('Boîte pleine')).toBeTruthy();
    // Only the actions that apply are offered.
    const resend = screen.getByRole('button', { name: texts.onboardingLink.button });
    expect(resend.hasAttribute('disabled') || resend.getAttribute('aria-disabled') === 'true').toBe(
      true,
    );
  });

  test('an unknown customer: "Client introuvable"', async () => {
    renderCustomer('inconnu');
    expect(await screen.findByText(messages.admin.customerNotFound)).toBeTruthy();
  });

  test('a server failure: the French error, and a retry', async () => {
    const user = userEvent.setup();
    let fail = true;
    renderCustomer('c1', {
      'GET /api/admin/customers/:id': (request) =>
        fail ? refuse(500)(request) : adminAnswers['GET /api/admin/customers/:id']!(request),
    });
    expect(await screen.findByText(messages.http[500])).toBeTruthy();
    fail = false;
    await user.click(screen.getByRole('button', { name: messages.admin.retry }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Marie Curie' })).toBeTruthy();
  });

  test('sending a password reset: a confirmation asking a reason, the call, the notice, focus back', async () => {
    const user = userEvent.setup();
    const sent: unknown[] = [];
    const { backend } = renderCustomer('c1', {
      'POST /api/admin/customers/:id/password-reset': ({ body }) => {
        sent.push(body);
        return json({ message: messages.admin.passwordResetSent }, 202);
      },
    });
    const open = await screen.findByRole('button', { name: texts.passwordReset.button });
    await user.click(open);
    const dialog = await screen.findByRole('dialog', { name: texts.passwordReset.title });
    expect(
      await within(dialog).findByText(texts.passwordReset.body('marie.curie@boutique-exemple.fr')),
    ).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: texts.passwordReset.confirm }));
    expect(await within(dialog).findByText(texts.reasonRequired)).toBeTruthy();
    expect(sent).toEqual([]);
    await user.type(
      within(dialog).getByLabelText(texts.reasonLabel),
      'Le client a perdu son accès',
    );
    await user.click(within(dialog).getByRole('button', { name: texts.passwordReset.confirm }));
    expect(await screen.findByText(messages.admin.passwordResetSent)).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sent).toEqual([{ reason: 'Le client a perdu son accès' }]);
    // The page reloads, to show the new mail and event.
    await waitFor(() =>
      expect(backend.calls.filter((call) => call === 'GET /api/admin/customers/c1')).toHaveLength(
        2,
      ),
    );
    await waitFor(() => expect(document.activeElement).toBe(open));
  });

  test("a 409 stays in the dialog with the server's French words; cancel closes it", async () => {
    const user = userEvent.setup();
    renderCustomer('c1', {
      'GET /api/admin/customers/:id': async (request) => {
        const answer = await adminAnswers['GET /api/admin/customers/:id']!(request);
        const detail = await answer.json();
        return json({
          ...detail,
          actions: { resend_onboarding_link: true, send_password_reset: true },
        });
      },
    });
    await user.click(await screen.findByRole('button', { name: texts.onboardingLink.button }));
    const dialog = await screen.findByRole('dialog', { name: texts.onboardingLink.title });
    await user.type(await within(dialog).findByLabelText(texts.reasonLabel), 'Lien expiré');
    await user.click(within(dialog).getByRole('button', { name: texts.onboardingLink.confirm }));
    expect(await within(dialog).findByText(messages.admin.noPendingPurchase)).toBeTruthy();
    expect((within(dialog).getByLabelText(texts.reasonLabel) as HTMLInputElement).value).toBe(
      'Lien expiré',
    );
    await user.click(within(dialog).getByRole('button', { name: texts.cancel }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});
