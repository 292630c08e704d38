import { clientsMachine, createClientsImplementations, type ClientSort } from '@portal/core';
import { createFlow } from '../../../app/flow.tsx';

/** The Clients page's list: customers searched, sorted and paged on the server. */
export const clientsFlow = createFlow({
  machine: clientsMachine,
  implement: ({ client }) => createClientsImplementations({ client }),
  commands: (send) => ({
    search: (q: string) => send({ type: 'search.typed', q }),
    sort: (sort: ClientSort) => send({ type: 'search.sorted', sort }),
    page: (page: number) => send({ type: 'search.paged', page }),
    retry: () => send({ type: 'search.retry' }),
  }),
});
