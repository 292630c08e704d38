import {
  createPasswordImplementations,
  passwordCommands,
  passwordMachine,
  passwordView,
} from '@portal/core';
import { createViewFlow } from '../../../../app/flowView.ts';

/** 'Sécurité': the password change, closed until asked for. */
export const passwordFlow = createViewFlow({
  machine: passwordMachine,
  implement: ({ client, notify }) => createPasswordImplementations({ client, notify }),
  commands: passwordCommands,
  view: passwordView,
});

export const PasswordProvider = passwordFlow.Provider;
export const usePasswordView = passwordFlow.useView;
