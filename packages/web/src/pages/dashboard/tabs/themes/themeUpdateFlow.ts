import {
  createThemeUpdateImplementations,
  themeUpdateCommands,
  themeUpdateMachine,
  themeUpdateView,
} from '@portal/core';
import { createViewFlow } from '../../../../app/flowView.ts';

/** The update that keeps the merchant's work: the export's upload, the report, the merged zip. */
export const themeUpdateFlow = createViewFlow({
  machine: themeUpdateMachine,
  implement: ({ client, saveFile }) => createThemeUpdateImplementations({ client, save: saveFile }),
  commands: themeUpdateCommands,
  view: themeUpdateView,
});

export const ThemeUpdateProvider = themeUpdateFlow.Provider;
export const useThemeUpdateView = themeUpdateFlow.useView;
