import { describe, expect, it } from 'vitest';
import { renderMail } from '../messages.ts';
import { onboardingLinkSubject } from './onboarding-link.ts';
import { paymentReceiptSubject } from './payment-receipt.ts';

const link = 'http://127.0.0.1:3000/onboarding?session_id=cs_sandbox_abc&x=<b>';

describe('purchase mails', () => {
  it('onboarding link: French subject, plan and cycle, the link in both parts, HTML escaped', () => {
    const mail = renderMail({
      kind: 'onboarding-link',
      payload: { link, planName: 'Scale', billingCycle: 'yearly' },
    });
    expect(mail.subject).toBe(onboardingLinkSubject);
    expect(mail.subject).toBe('Créez votre compte pour accéder à votre abonnement');
    expect(mail.text).toContain(
      'Merci pour votre paiement : votre abonnement Scale (facturation annuelle) est réglé.',
    );
    expect(mail.text).toContain(`\n${link}\n`);
    expect(mail.text).toContain(
      'Vous avez déjà un compte avec cet email ? Ouvrez le lien et connectez-vous pour y rattacher votre paiement.',
    );
    expect(mail.html).toContain('<html lang="fr">');
    expect(mail.html).toContain(
      'href="http://127.0.0.1:3000/onboarding?session_id=cs_sandbox_abc&amp;x=&lt;b&gt;"',
    );
    expect(mail.html).toContain('>Créer mon compte</a>');
    expect(mail.html).not.toContain('<b>');
  });

  it('payment receipt: plan, cycle, amount in euros, French long date and reference', () => {
    const mail = renderMail({
      kind: 'payment-receipt',
      payload: {
        planName: 'Scale',
        billingCycle: 'monthly',
        amountCents: 3999,
        paidAt: '2026-11-22T10:00:00.000Z',
        reference: 'cs_sandbox_abc',
      },
    });
    expect(mail.subject).toBe(paymentReceiptSubject);
    expect(mail.subject).toBe('Votre reçu de paiement');
    expect(mail.text).toContain(
      [
        'Abonnement : Scale',
        'Facturation : Mensuelle',
        'Montant : 39,99\u00a0€',
        'Date : 22 novembre 2026',
        'Référence : cs_sandbox_abc',
      ].join('\n'),
    );
    expect(mail.html).toContain('39,99\u00a0€');
    expect(mail.html).toContain('22 novembre 2026');
    expect(mail.html).not.toMatch(/<script/i);
  });
});
