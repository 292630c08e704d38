import {
  createForgotPasswordImplementations,
  createResetPasswordImplementations,
  forgotPasswordMachine,
  resetPasswordMachine,
} from '@portal/core';
import type { AppServices } from '../../app/services.tsx';

export const buildForgotPassword = ({ client }: AppServices) =>
  forgotPasswordMachine.provide(createForgotPasswordImplementations({ client }));

export const buildResetPassword = ({ client }: AppServices) =>
  resetPasswordMachine.provide(createResetPasswordImplementations({ client }));
