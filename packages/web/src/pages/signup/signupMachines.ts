import {
  createEstablishmentSearchImplementations,
  createSignupImplementations,
  establishmentSearchMachine,
  signupMachine,
} from '@portal/core';
import type { AppServices } from '../../app/services.tsx';

export const buildSignup = ({ client, navigate }: AppServices) =>
  signupMachine.provide(createSignupImplementations({ client, navigate }));

export const buildEstablishmentSearch = ({ client }: AppServices) =>
  establishmentSearchMachine.provide(createEstablishmentSearchImplementations({ client }));
