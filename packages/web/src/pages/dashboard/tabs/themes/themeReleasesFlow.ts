import {
  createThemeReleasesImplementations,
  themeReleasesCommands,
  themeReleasesMachine,
  themeReleasesView,
} from '@portal/core';
import { createViewFlow } from '../../../../app/flowView.ts';

/** The 'Thème' tab's releases, newest first, and the shops whose theme runs an older one. */
export const themeReleasesFlow = createViewFlow({
  machine: themeReleasesMachine,
  implement: ({ client }) => createThemeReleasesImplementations({ client }),
  commands: themeReleasesCommands,
  view: themeReleasesView,
});

export const ThemeReleasesProvider = themeReleasesFlow.Provider;
export const useThemeReleasesView = themeReleasesFlow.useView;
