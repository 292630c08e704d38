import { randomBytes } from 'node:crypto';
import { isValidLabel, messages, SHOPIFY_SUFFIX } from '@portal/core/domain';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  customerJson,
  findCustomerById,
  insertCustomer,
  normalizeEmail,
  shopDomainTaken,
} from '../../accounts/accounts.repo.ts';
import { hashPassword } from '../../auth/passwords.ts';
import { newId } from '../../auth/tokens.ts';
import type { Database } from '../../db/database.ts';
import {
  conflict,
  forbidden,
  isUniqueViolation,
  notFound,
  tooManyRequests,
  unauthorized,
} from '../../http/errors.ts';
import type { RouteOf } from '../../http/typed.ts';
import { spendBudget } from '../../limits/request-budgets.repo.ts';
import {
  claimForAccount,
  findCheckoutSession,
  type CheckoutSessionRow,
} from '../../payments/checkout-sessions.repo.ts';
import {
  fulfilCheckoutSession,
  fulfilmentOf,
  paidPeriodEnd,
  resendOnboardingLinks,
  subscribeFromSession,
  type Fulfilment,
} from '../../payments/fulfilment.ts';
import { texts } from '../../texts.ts';
import type { RouteFolder } from '../folders.ts';

/** The invite token's audience: never accepted as an access token, and vice versa. */
export const INVITE_AUDIENCE = 'theme-portal-onboarding';
const INVITE_TTL_SECONDS = 30 * 60;

type Gate =
  | { kind: 'open'; session: CheckoutSessionRow }
  | { kind: 'unknown' }
  | { kind: 'used' }
  | { kind: 'refused' };

/**
 * Onboarding needs a session this server created, paid, and not yet turned into an account.
 * Reaching it fulfils the payment too, should the provider's event be late or lost.
 */
async function gate(fulfilment: Fulfilment, id: string): Promise<Gate> {
  if ((await findCheckoutSession(fulfilment.db, id)) === null) return { kind: 'unknown' };
  const session = await fulfilCheckoutSession(fulfilment, id);
  if (session === null) return { kind: 'unknown' };
  if (session.used_at !== null) return { kind: 'used' };
  if (session.payment_status !== 'paid' || session.status === 'expired') return { kind: 'refused' };
  return { kind: 'open', session };
}

function bearerOf(request: FastifyRequest): string | undefined {
  return /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '')?.[1];
}

/**
 * A placeholder shop domain for the new account (the onboarding form asks for none; the
 * profile edits it): the company or the email's name, reduced to one valid label.
 */
function shopLabelFor(company: string | undefined, email: string): string {
  const source = company !== undefined && company.trim() !== '' ? company : email.split('@')[0];
  const label = (source ?? '')
    .normalize('NFD')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '')
    .slice(0, 40);
  return isValidLabel(label) ? label : 'boutique';
}

async function freeShopDomain(db: Database, label: string): Promise<string> {
  const wanted = `${label}${SHOPIFY_SUFFIX}`;
  return !(await shopDomainTaken(db, wanted))
    ? wanted
    : `${label}-${randomBytes(3).toString('hex')}${SHOPIFY_SUFFIX}`;
}

/** The paid session each invite-bearing request names (set by `requireInvite`). */
const invitedSessions = new WeakMap<FastifyRequest, string>();

/**
 * Hook: the bearer is a current invite token (the contract's security for finalize), else 401
 * before the body is read.
 */
async function requireInvite(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
  const invite = bearerOf(request);
  const claims =
    invite === undefined ? undefined : await request.server.tokens.verify(invite, INVITE_AUDIENCE);
  if (claims?.sub === undefined) throw unauthorized(texts.payments.inviteInvalid);
  invitedSessions.set(request, claims.sub);
}

async function onboardingRoutes(app: FastifyInstance): Promise<void> {
  const { db, tokens, config } = app;
  const fulfilment = fulfilmentOf(app);

  // Documented choice: unknown -> 404, already used -> 409, unpaid or expired -> 200 with
  // success false and 'Session de paiement invalide ou expirée' (docs/product.md#onboarding).
  app.get<RouteOf<'/api/onboarding/sessions/{sessionId}', 'get'>>(
    '/api/onboarding/sessions/:sessionId',
    async (request) => {
      const outcome = await gate(fulfilment, request.params.sessionId);
      if (outcome.kind === 'unknown') throw notFound(texts.payments.sessionNotFound);
      if (outcome.kind === 'used') throw conflict(texts.payments.sessionUsed);
      if (outcome.kind === 'refused') {
        return { success: false, message: messages.onboarding.invalidSession };
      }
      const { session } = outcome;
      return {
        success: true,
        planDetails: {
          id: session.plan_id,
          name: session.plan_name,
          price: session.amount_total / 100,
        },
        billingCycle: session.billing_cycle,
        // Fills the form's email; an email that has an account already gets 409 on finalize,
        // and the page offers to sign in and attach instead.
        email: session.customer_email,
      };
    },
  );

  app.post<RouteOf<'/api/onboarding/register/start', 'post'>>(
    '/api/onboarding/register/start',
    async (request) => {
      const outcome = await gate(fulfilment, request.body.session_id);
      if (outcome.kind === 'unknown') throw notFound(texts.payments.sessionNotFound);
      if (outcome.kind === 'used') throw conflict(texts.payments.sessionUsed);
      if (outcome.kind === 'refused') throw forbidden(messages.onboarding.invalidSession);
      const invite_token = await tokens.sign(
        {},
        { audience: INVITE_AUDIENCE, ttlSeconds: INVITE_TTL_SECONDS, subject: outcome.session.id },
      );
      return { data: { invite_token } };
    },
  );

  app.post<RouteOf<'/api/onboarding/register/finalize', 'post'>>(
    '/api/onboarding/register/finalize',
    { onRequest: requireInvite },
    async (request, reply) => {
      const sessionId = invitedSessions.get(request);
      if (sessionId === undefined) throw unauthorized(texts.payments.inviteInvalid);
      const { email, password, first_name, last_name, company, newsletter } = request.body;
      // The paid session decides plan and cycle; the body's planId/billingCycle are not trusted.
      // docs/product.md#new-passwords: the contract's NewPassword (core's rule) checked it.
      const passwordHash = await hashPassword(password);
      const shopDomain = await freeShopDomain(db, shopLabelFor(company, email));
      const customerId = newId();
      // The period the payment bought, asked of the provider before the transaction.
      const paid = await findCheckoutSession(db, sessionId);
      const periodEnd = paid === null ? app.now() : await paidPeriodEnd(fulfilment, paid);

      await db.transaction(async (tx) => {
        // The claim: of any number of concurrent calls, one row update wins; the others see
        // `used_at` set (or wait for the winner's commit on PostgreSQL, then see it).
        if (!(await claimForAccount(tx, sessionId))) {
          const session = await findCheckoutSession(tx, sessionId);
          if (session?.used_at != null) throw conflict(texts.payments.sessionUsed);
          throw forbidden(messages.onboarding.invalidSession);
        }
        const session = await findCheckoutSession(tx, sessionId);
        if (session === null) throw forbidden(messages.onboarding.invalidSession);
        try {
          await insertCustomer(tx, {
            id: customerId,
            email: normalizeEmail(email),
            password_hash: passwordHash,
            first_name: first_name.trim(),
            last_name: last_name.trim(),
            company_name: company?.trim() || null,
            shop_domain: shopDomain,
            stripe_customer_id: session.provider_customer_id,
            newsletter: newsletter ?? false,
            created_at: app.now(),
          });
        } catch (error) {
          // Rolled back with the claim, so the session can still create an account.
          if (isUniqueViolation(error, 'customers_email_key')) {
            throw conflict(messages.onboarding.emailTaken, {
              email: messages.onboarding.emailTaken,
            });
          }
          if (isUniqueViolation(error)) throw conflict(messages.profile.conflict);
          throw error;
        }
        await subscribeFromSession(tx, { session, customerId, periodEnd, now: app.now() });
      });

      const session = await tokens.issueSession(db, { kind: 'customer', id: customerId });
      const customer = await findCustomerById(db, customerId);
      if (customer === undefined) throw new Error(`Customer ${customerId} vanished after creation`);
      return reply.code(201).send({
        message: messages.signup.success,
        customer: customerJson(customer),
        tokens: session,
      });
    },
  );

  app.post<RouteOf<'/api/onboarding/resend-link', 'post'>>(
    '/api/onboarding/resend-link',
    async (request, reply) => {
      const email = normalizeEmail(request.body.email);
      const { perAccount, perAddress, windowSeconds } = config.loginLimit;
      // Per address (one client trying many emails) and per email (many clients, one inbox).
      for (const budget of [
        { key: `resend-link:${request.ip}`, max: perAddress, windowSeconds },
        { key: `resend-link-email:${email}`, max: perAccount, windowSeconds },
      ]) {
        const wait = await spendBudget(db, budget, app.now());
        if (wait !== undefined) throw tooManyRequests(wait);
      }
      const sessions = await resendOnboardingLinks(fulfilment, email);
      if (sessions.length > 0) {
        request.log.info({ sessions: sessions.length }, 'onboarding links queued again');
      }
      // The same answer whether or not that email paid.
      return reply.code(202).send({ message: messages.purchase.resendSent });
    },
  );
}

/**
 * A visitor's paid checkout becomes an account (docs/product.md#onboarding): every
 * `/api/onboarding/*` path. Public, but finalize, which takes the invite token.
 */
export const onboardingFolder: RouteFolder = { routes: onboardingRoutes };
