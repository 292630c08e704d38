import {
  createProfileImplementations,
  profileCommands,
  profileMachine,
  profileView,
} from '@portal/core';
import { createViewFlow } from '../../../../app/flowView.ts';

/** 'Mon profil': the subscription in brief, the personal information, viewed and edited. */
export const profileFlow = createViewFlow({
  machine: profileMachine,
  implement: ({ client, notify, auth }) =>
    createProfileImplementations({
      client,
      notify,
      // The sidebar's name follows the saved profile.
      onUserUpdated: (user) => auth.send({ type: 'user.updated', user }),
    }),
  commands: profileCommands,
  view: profileView,
});

export const ProfileProvider = profileFlow.Provider;
export const useProfileView = profileFlow.useView;
