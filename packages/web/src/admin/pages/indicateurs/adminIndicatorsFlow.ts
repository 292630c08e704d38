import {
  adminIndicatorsCommands,
  adminIndicatorsMachine,
  adminIndicatorsView,
  createAdminIndicatorsImplementations,
} from '@portal/core/admin';
import { createViewFlow } from '../../../app/flowView.ts';

/** The back office's Indicateurs: the business's figures at the server's clock. */
export const adminIndicatorsFlow = createViewFlow({
  machine: adminIndicatorsMachine,
  implement: ({ client }) => createAdminIndicatorsImplementations({ client }),
  commands: adminIndicatorsCommands,
  view: adminIndicatorsView,
});

export const AdminIndicatorsProvider = adminIndicatorsFlow.Provider;
export const useAdminIndicatorsView = adminIndicatorsFlow.useView;
