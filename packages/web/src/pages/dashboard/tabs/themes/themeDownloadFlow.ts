import {
  createThemeDownloadImplementations,
  themeDownloadCommands,
  themeDownloadMachine,
  themeDownloadView,
} from '@portal/core';
import { createViewFlow } from '../../../../app/flowView.ts';

/** 'Thèmes disponibles': the archive's download, handed to the browser, and its popup. */
export const themeDownloadFlow = createViewFlow({
  machine: themeDownloadMachine,
  implement: ({ client, saveFile }) =>
    createThemeDownloadImplementations({ client, save: saveFile }),
  commands: themeDownloadCommands,
  view: themeDownloadView,
});

export const ThemeDownloadProvider = themeDownloadFlow.Provider;
export const useThemeDownloadView = themeDownloadFlow.useView;
