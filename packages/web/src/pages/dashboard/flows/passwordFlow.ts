import {
  createPasswordImplementations,
  passwordMachine,
  type PasswordChangeField,
} from '@portal/core';
import { createFlow } from '../../../app/flow.tsx';

/** 'Sécurité': the password change, closed until asked for. */
export const passwordFlow = createFlow({
  machine: passwordMachine,
  implement: ({ client, notify }) => createPasswordImplementations({ client, notify }),
  commands: (send) => ({
    open: () => send({ type: 'password.open' }),
    change: (field: PasswordChangeField, value: string) =>
      send({ type: 'password.change', field, value }),
    save: () => send({ type: 'password.submit' }),
    cancel: () => send({ type: 'password.cancel' }),
  }),
});

export const PasswordProvider = passwordFlow.Provider;
export const usePasswordSelector = passwordFlow.useSelector;
export const usePasswordEvents = passwordFlow.useEvents;
