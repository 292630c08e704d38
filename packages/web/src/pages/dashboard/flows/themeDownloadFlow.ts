import { createThemeDownloadImplementations, themeDownloadMachine } from '@portal/core';
import { createFlow } from '../../../app/flow.tsx';

/** 'Thèmes disponibles': the archive's download, handed to the browser, and its popup. */
export const themeDownloadFlow = createFlow({
  machine: themeDownloadMachine,
  implement: ({ client, saveFile }) =>
    createThemeDownloadImplementations({ client, save: saveFile }),
  commands: (send) => ({
    download: (filename: string) => send({ type: 'theme.download', filename }),
    dismiss: () => send({ type: 'theme.dismiss' }),
  }),
});

export const ThemeDownloadProvider = themeDownloadFlow.Provider;
export const useThemeDownloadSelector = themeDownloadFlow.useSelector;
export const useThemeDownloadEvents = themeDownloadFlow.useEvents;
