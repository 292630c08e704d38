import { describe, expect, test } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { messages } from '@portal/core';
import { renderPage } from '../../../testing/render.tsx';
import { adminAnswers } from '../../../testing/sampleAdminData.ts';
import { json, refuse, type SampleAnswers } from '../../../testing/sampleBackend.ts';
import ClientsPage from './ClientsPage.tsx';

const texts = messages.admin.clients;
const listCall = 'GET /api/admin/customers';

function renderClients(path = '/admin', answers: SampleAnswers = {}) {
  const asked: URL[] = [];
  const list = adminAnswers[listCall]!;
  return {
    asked,
    ...renderPage(<ClientsPage />, path, {
      answers: {
        ...adminAnswers,
        [listCall]: (request) => {
          asked.push(request.url);
          return list(request);
        },
        ...answers,
      },
    }),
  };
}

const rows = () =>
  within(screen.getByRole('table', { name: texts.tableLabel })).getAllByRole('row');

describe('the Clients page', () => {
  test('lists the customers with accessible column headers; a payment awaiting its account says so', async () => {
    renderClients();
    expect(
      await screen.findByRole('link', { name: 'marie.curie@boutique-exemple.fr' }),
    ).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: texts.title })).toBeTruthy();
    for (const name of Object.values(texts.columns))
      expect(screen.getByRole('columnheader', { name: new RegExp(name) })).toBeTruthy();
    expect(screen.getByText(texts.pendingAccount)).toBeTruthy();
    expect(screen.getByText('Scale · Actif')).toBeTruthy();
    expect(
      screen.getByRole('link', { name: 'marie.curie@boutique-exemple.fr' }).getAttribute('href'),
    ).toBe('/admin/clients/c1');
  });

  test('searching by shop domain: one call after typing pauses, the query in the address', async () => {
    const user = userEvent.setup();
    const { asked, location } = renderClients();
    await screen.findByRole('link', { name: 'marie.curie@boutique-exemple.fr' });
    await user.type(screen.getByLabelText(texts.searchLabel), 'boutique-exemple');
    await waitFor(() => expect(rows()).toHaveLength(2));
    await waitFor(() => expect(location.history?.at(-1)).toBe('/admin?q=boutique-exemple'));
    expect(asked.map((url) => url.searchParams.get('q'))).toEqual([null, 'boutique-exemple']);
    expect(screen.queryByText(texts.pendingAccount)).toBeNull();
  });

  test('opens on the address’s search, and says when nothing matches', async () => {
    renderClients('/admin?q=personne');
    expect(await screen.findByText(texts.empty)).toBeTruthy();
    expect((screen.getByLabelText(texts.searchLabel) as HTMLInputElement).value).toBe('personne');
  });

  test('sort buttons ask the server and mark the column with aria-sort', async () => {
    const user = userEvent.setup();
    const { asked } = renderClients();
    await screen.findByRole('link', { name: 'marie.curie@boutique-exemple.fr' });
    const header = screen.getByRole('columnheader', { name: /Boutique/ });
    expect(header.getAttribute('aria-sort')).toBeNull();
    await user.click(within(header).getByRole('button'));
    await waitFor(() => expect(header.getAttribute('aria-sort')).toBe('ascending'));
    await user.click(within(header).getByRole('button'));
    await waitFor(() => expect(header.getAttribute('aria-sort')).toBe('descending'));
    expect(asked.at(-1)?.searchParams.get('sort')).toBe('shop_domain');
    expect(asked.at(-1)?.searchParams.get('order')).toBe('desc');
  });

  test('pages on the server', async () => {
    const user = userEvent.setup();
    const { asked } = renderClients('/admin', {
      [listCall]: (request) => {
        asked.push(request.url);
        return json({
          customers: [],
          total: 60,
          page: Number(request.url.searchParams.get('page')),
          per_page: 25,
        });
      },
    });
    expect(await screen.findByText(/Page 1 sur 3/)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: messages.admin.search.next }));
    expect(await screen.findByText(/Page 2 sur 3/)).toBeTruthy();
    expect(asked.at(-1)?.searchParams.get('page')).toBe('2');
  });

  test('a search over 200 characters: the French message, nothing asked, the text kept', async () => {
    const { asked } = renderClients();
    await screen.findByRole('link', { name: 'marie.curie@boutique-exemple.fr' });
    const field = screen.getByLabelText(texts.searchLabel) as HTMLInputElement;
    const user = userEvent.setup();
    await user.click(field);
    await user.paste('x'.repeat(201));
    expect(await screen.findByText(messages.admin.searchTooLong)).toBeTruthy();
    expect(field.value).toHaveLength(201);
    expect(asked).toHaveLength(1);
  });

  test('a server failure: the French error and a retry that lists again', async () => {
    const user = userEvent.setup();
    let fail = true;
    renderClients('/admin', {
      [listCall]: (request) => (fail ? refuse(500)(request) : adminAnswers[listCall]!(request)),
    });
    expect(await screen.findByText(messages.http[500])).toBeTruthy();
    fail = false;
    await user.click(screen.getByRole('button', { name: messages.admin.retry }));
    expect(
      await screen.findByRole('link', { name: 'marie.curie@boutique-exemple.fr' }),
    ).toBeTruthy();
    expect(screen.queryByText(messages.http[500])).toBeNull();
  });
});
