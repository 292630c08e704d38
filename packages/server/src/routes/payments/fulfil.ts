import type { FastifyInstance } from 'fastify';
import type { Fulfilment } from '../../payments/fulfilment.ts';
import type { PaymentProvider } from '../../payments/provider.ts';

/** The app's parts a paid checkout's fulfilment uses (payments/fulfilment.ts). */
export function fulfilmentOf(app: FastifyInstance, provider: PaymentProvider): Fulfilment {
  return {
    db: app.db,
    provider,
    readCache: app.readCache,
    publicOrigin: app.config.publicOrigin,
    now: app.now,
    wakeMail: () => app.mail.wake(),
    log: app.log,
  };
}
