import { createPaymentSuccessImplementations, paymentSuccessMachine } from '@portal/core';
import type { AppServices } from '../../app/services.tsx';

export const buildPaymentSuccess = ({ client }: AppServices) =>
  paymentSuccessMachine.provide(createPaymentSuccessImplementations({ client }));
