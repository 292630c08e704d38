import { describe, expect, it } from 'vitest';
import { sendTrialReminders } from '../../subscriptions/trial-reminders.ts';
import { call } from '../../test/harness.ts';
import { renderMail } from '../messages.ts';
import { useSmtpTestServer } from '../test-smtp.ts';
import { paymentFailedSubject } from './payment-failed.ts';
import { planChangeSubject } from './plan-change.ts';
import { trialEndingSubject } from './trial-ending.ts';

const link = 'http://127.0.0.1:3000/dashboard?tab=subscription&x=<b>';

describe('subscription lifecycle mails', () => {
  it('plan change: plan, cycle, price, limit, proration, the licences set aside', () => {
    const mail = renderMail({
      kind: 'plan-change',
      payload: {
        planName: 'Basic',
        billingCycle: 'monthly',
        priceCents: 1999,
        maxLicences: 1,
        deactivatedDomains: ['a.fr', 'c.fr'],
        link,
      },
    });
    expect(mail.subject).toBe(planChangeSubject);
    expect(mail.subject).toBe('Votre plan a été modifié');
    expect(mail.text).toContain(
      'Votre abonnement passe au plan Basic, facturation mensuelle : 19,99\u00a0€ / mois.',
    );
    expect(mail.text).toContain('Ce plan permet 1 licence active.');
    expect(mail.text).toContain(
      "Le changement s'applique dès maintenant ; la différence est calculée au prorata sur votre prochaine facture.",
    );
    expect(mail.text).toContain('Ces licences ont été désactivées (pas supprimées) : a.fr, c.fr.');
    expect(mail.text).toContain(link);
    expect(mail.html).toContain(
      'href="http://127.0.0.1:3000/dashboard?tab=subscription&amp;x=&lt;b&gt;"',
    );
    expect(mail.html).not.toContain('<b>');

    const up = renderMail({
      kind: 'plan-change',
      payload: {
        planName: 'Business',
        billingCycle: 'yearly',
        priceCents: 81589,
        maxLicences: 10,
        deactivatedDomains: [],
        link,
      },
    });
    expect(up.text).toContain('facturation annuelle : 815,89\u00a0€ / an.');
    expect(up.text).toContain('Ce plan permet 10 licences actives.');
    expect(up.text).not.toContain('désactivée');
  });

  it('trial ending: the end date in French, what happens after, the link', () => {
    const mail = renderMail({
      kind: 'trial-ending',
      payload: { trialEnd: '2026-11-29T10:00:00.000Z', link },
    });
    expect(mail.subject).toBe(trialEndingSubject);
    expect(mail.subject).toBe('Votre essai gratuit se termine dans 2 jours');
    expect(mail.text).toContain('se termine le 29 novembre 2026.');
    expect(mail.text).toContain('vos licences seront désactivées');
    expect(mail.html).toContain('>Choisir mon plan</a>');
  });

  it('payment failed: amount and plan, access kept, the card update link', () => {
    const mail = renderMail({
      kind: 'payment-failed',
      payload: { planName: 'Scale', amountCents: 3999, link },
    });
    expect(mail.subject).toBe(paymentFailedSubject);
    expect(mail.subject).toBe('Votre paiement a échoué');
    expect(mail.text).toContain(
      'Le paiement de 39,99\u00a0€ pour votre abonnement Scale a échoué.',
    );
    expect(mail.text).toContain('Votre abonnement reste actif pendant que nous réessayons.');
    expect(mail.text).toContain('« Mettre à jour ma carte »');
    expect(mail.html).toContain('>Mettre à jour ma carte</a>');
  });
});

describe('the trial reminder over SMTP', () => {
  const smtpTest = useSmtpTestServer();

  it('reaches the trial customer once, from the sweep through the outbox worker', async () => {
    const registered = await call(smtpTest.server, 'POST', '/api/client/auth/register', {
      body: {
        email: 'essai@example.test',
        password: 'Secret123',
        first_name: 'Léa',
        last_name: 'Petit',
        shop_domain: 'essai',
      },
    });
    expect(registered.status).toBe(201);
    smtpTest.server.clock.advance(5 * 24 * 3600 + 60);
    const sweep = () =>
      sendTrialReminders({
        db: smtpTest.server.db,
        now: smtpTest.server.clock.now,
        publicOrigin: smtpTest.server.config.publicOrigin,
        wakeMail: () => {},
      });
    expect(await sweep()).toBe(1);
    expect(await sweep()).toBe(0);
    expect(await smtpTest.server.app.mail.drain()).toBe(1);
    expect(smtpTest.smtp.received).toHaveLength(1);
    const [{ to, parsed }] = smtpTest.smtp.received as [(typeof smtpTest.smtp.received)[number]];
    expect(to).toEqual(['essai@example.test']);
    expect(parsed.subject).toBe('Votre essai gratuit se termine dans 2 jours');
    expect(parsed.text).toContain(
      `${smtpTest.server.config.publicOrigin}/dashboard?tab=subscription`,
    );
    expect(parsed.html).toContain('Choisir mon plan');
    expect(await smtpTest.server.app.mail.drain()).toBe(0);
  });
});
