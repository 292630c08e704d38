import { describe, expect, test } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { messages } from '@portal/core';
import { renderPage } from '../../../testing/render.tsx';
import { adminAnswers } from '../../../testing/sampleAdminData.ts';
import { refuse } from '../../../testing/sampleBackend.ts';
import JournalPage from './JournalPage.tsx';

const texts = messages.admin.journal;

describe('the Journal page', () => {
  test('lists the events newest first: when, what, who, the customer, the reason; nothing to edit', async () => {
    renderPage(<JournalPage />, '/admin/journal', { answers: adminAnswers });
    const table = await screen.findByRole('table', { name: texts.tableLabel });
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(5));
    const first = within(table).getAllByRole('row')[1]!;
    expect(within(first).getByText('Envoi du lien de réinitialisation')).toBeTruthy();
    expect(within(first).getByText('Admin · admin@theme-portal.test')).toBeTruthy();
    expect(within(first).getByText('Le client ne reçoit pas ses mails')).toBeTruthy();
    expect(
      within(first)
        .getByRole('link', { name: 'marie.curie@boutique-exemple.fr' })
        .getAttribute('href'),
    ).toBe('/admin/clients/c1');
    expect(within(table).getByText('Paiement en échec · 49,00 €')).toBeTruthy();
    for (const label of Object.values(texts.columns))
      expect(within(table).getByRole('columnheader', { name: label })).toBeTruthy();
    expect(within(table).queryByRole('button')).toBeNull();
  });

  test('searching by event type, the query in the address', async () => {
    const user = userEvent.setup();
    const { location } = renderPage(<JournalPage />, '/admin/journal', { answers: adminAnswers });
    await screen.findByRole('table', { name: texts.tableLabel });
    await user.type(screen.getByLabelText(texts.searchLabel), 'payment_failed');
    await waitFor(() =>
      expect(
        within(screen.getByRole('table', { name: texts.tableLabel })).getAllByRole('row'),
      ).toHaveLength(2),
    );
    await waitFor(() => expect(location.history?.at(-1)).toBe('/admin/journal?q=payment_failed'));
  });

  test('nothing found says so; a failure says so in French with a retry', async () => {
    renderPage(<JournalPage />, '/admin/journal?q=personne', { answers: adminAnswers });
    expect(await screen.findByText(texts.empty)).toBeTruthy();
  });

  test('a failure: the French error and a retry', async () => {
    const user = userEvent.setup();
    let fail = true;
    renderPage(<JournalPage />, '/admin/journal', {
      answers: {
        ...adminAnswers,
        'GET /api/admin/journal': (request) =>
          fail ? refuse(500)(request) : adminAnswers['GET /api/admin/journal']!(request),
      },
    });
    expect(await screen.findByText(messages.http[500])).toBeTruthy();
    fail = false;
    await user.click(screen.getByRole('button', { name: messages.admin.retry }));
    expect(await screen.findByText('Paiement en échec · 49,00 €')).toBeTruthy();
  });
});
