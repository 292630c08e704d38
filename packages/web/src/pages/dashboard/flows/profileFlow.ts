import { createProfileImplementations, profileMachine, type ProfileField } from '@portal/core';
import { createFlow } from '../../../app/flow.tsx';

/** 'Mon profil': the personal information, viewed and edited. */
export const profileFlow = createFlow({
  machine: profileMachine,
  implement: ({ client, notify, auth }) =>
    createProfileImplementations({
      client,
      notify,
      // The sidebar's name follows the saved profile.
      onUserUpdated: (user) => auth.send({ type: 'user.updated', user }),
    }),
  commands: (send) => ({
    reload: () => send({ type: 'profile.reload' }),
    edit: () => send({ type: 'profile.edit' }),
    change: (field: ProfileField, value: string) => send({ type: 'profile.change', field, value }),
    save: () => send({ type: 'profile.save' }),
    cancel: () => send({ type: 'profile.cancel' }),
  }),
});

export const ProfileProvider = profileFlow.Provider;
export const useProfileSelector = profileFlow.useSelector;
export const useProfileEvents = profileFlow.useEvents;
