import { describe, expect, test } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { messages } from '@portal/core';
import { renderPage } from '../testing/render.tsx';
import { json, refuse } from '../testing/sampleBackend.ts';
import { adminAnswers } from '../testing/sampleAdminData.ts';
import { sampleAdmin } from '../testing/sampleData.ts';
import { AdminApp } from './AdminApp.tsx';

const profileCall = 'GET /api/client/profile';
const asAdmin = { signedIn: true, answers: { [profileCall]: () => json({ admin: sampleAdmin }) } };

describe('the back office requires a signed-in admin', () => {
  test('a visitor is sent to the login page', async () => {
    const { navigated } = renderPage(<AdminApp />, '/admin');
    await waitFor(() => expect(navigated).toEqual(['/login']));
    expect(screen.queryByRole('navigation', { name: messages.admin.shell.navLabel })).toBeNull();
  });

  test("a customer's session is sent to the dashboard, the back office never drawn", async () => {
    const { navigated } = renderPage(<AdminApp />, '/admin/clients', { signedIn: true });
    await waitFor(() => expect(navigated).toEqual(['/dashboard']));
    expect(screen.queryByRole('navigation', { name: messages.admin.shell.navLabel })).toBeNull();
  });

  test('a server failure keeps the session: the French message and a retry', async () => {
    let calls = 0;
    const user = userEvent.setup();
    renderPage(<AdminApp />, '/admin', {
      signedIn: true,
      answers: {
        [profileCall]: (request) => {
          calls += 1;
          return calls === 1 ? refuse(500)(request) : json({ admin: sampleAdmin });
        },
      },
    });
    expect((await screen.findByRole('alert')).textContent).toBe(messages.auth.fetchUserError);
    await user.click(screen.getByRole('button', { name: messages.admin.retry }));
    expect(
      await screen.findByRole('navigation', { name: messages.admin.shell.navLabel }),
    ).toBeTruthy();
  });
});

describe("the back office's frame", () => {
  test('an admin gets the header with their email, the navigation landmark, and logs out to /login', async () => {
    const user = userEvent.setup();
    const { navigated, backend } = renderPage(<AdminApp />, '/admin', asAdmin);
    const banner = await screen.findByRole('banner');
    expect(within(banner).getByText(sampleAdmin.email)).toBeTruthy();
    expect(screen.getByRole('navigation', { name: messages.admin.shell.navLabel })).toBeTruthy();
    await user.click(within(banner).getByRole('button', { name: messages.admin.shell.logOut }));
    await waitFor(() => expect(navigated).toContain('/login'));
    expect(backend.calls).toContain('POST /admin/auth/logout');
  });

  test('the navigation lists the pages in their order and marks the current one', async () => {
    const user = userEvent.setup();
    const { location } = renderPage(<AdminApp />, '/admin/clients/c1', {
      ...asAdmin,
      answers: { ...adminAnswers, ...asAdmin.answers },
    });
    const nav = await screen.findByRole('navigation', { name: messages.admin.shell.navLabel });
    const links = within(nav).getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual([
      messages.admin.clients.title,
      'Licences',
      'Versions',
      'Indicateurs',
      messages.admin.journal.title,
    ]);
    expect(links[0]!.getAttribute('aria-current')).toBe('page');
    await user.click(links[4]!);
    await waitFor(() => expect(location.history?.at(-1)).toBe('/admin/journal'));
    expect(
      await screen.findByRole('heading', { level: 1, name: messages.admin.journal.title }),
    ).toBeTruthy();
    expect(
      within(nav)
        .getByRole('link', { name: messages.admin.journal.title })
        .getAttribute('aria-current'),
    ).toBe('page');
    expect(document.title).toBe('Journal · Back-office · Theme Portal');
  });

  test('an unknown path leads to /admin, the Clients page', async () => {
    const { location } = renderPage(<AdminApp />, '/admin/nulle-part', {
      ...asAdmin,
      answers: { ...adminAnswers, ...asAdmin.answers },
    });
    await waitFor(() => expect(location.history?.at(-1)).toBe('/admin'));
    expect(
      await screen.findByRole('heading', { level: 1, name: messages.admin.clients.title }),
    ).toBeTruthy();
  });
});
