import { createJournalImplementations, journalMachine } from '@portal/core';
import { createFlow } from '../../../app/flow.tsx';

/** The Journal page's list: searched and paged on the server, newest first. */
export const journalFlow = createFlow({
  machine: journalMachine,
  implement: ({ client }) => createJournalImplementations({ client }),
  commands: (send) => ({
    search: (q: string) => send({ type: 'search.typed', q }),
    page: (page: number) => send({ type: 'search.paged', page }),
    retry: () => send({ type: 'search.retry' }),
  }),
});
