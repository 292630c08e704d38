import {
  createReleaseMailsImplementations,
  releaseMailsCommands,
  releaseMailsMachine,
  releaseMailsView,
} from '@portal/core';
import { createViewFlow } from '../../../../app/flowView.ts';

/** The release mails' switch: the stored preferences, changed at once, put back on failure. */
export const releaseMailsFlow = createViewFlow({
  machine: releaseMailsMachine,
  implement: ({ client, notify }) => createReleaseMailsImplementations({ client, notify }),
  commands: releaseMailsCommands,
  view: releaseMailsView,
});

export const ReleaseMailsProvider = releaseMailsFlow.Provider;
export const useReleaseMailsView = releaseMailsFlow.useView;
