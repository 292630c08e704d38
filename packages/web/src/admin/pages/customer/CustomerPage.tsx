import type { ReactNode } from 'react';
import { Link, useParams } from 'wouter';
import {
  customerName,
  formatCents,
  formatDate,
  messages,
  selectCustomerDetail,
  selectCustomerError,
  selectIsCustomerLoading,
  type AdminCustomerDetail,
  type JournalEvent,
} from '@portal/core';
import { Banner } from '../../../ui/Banner.tsx';
import { Button } from '../../../ui/Button.tsx';
import { Spinner } from '../../../ui/Spinner.tsx';
import { AdminPage } from '../../AdminPage.tsx';
import { CustomerActionDialog } from './CustomerActionDialog.tsx';
import { customerFlow } from './customerFlow.ts';

const texts = messages.admin.customer;
const cycles = { monthly: 'mensuel', yearly: 'annuel' } as const;

/** `/admin/clients/:id`: one customer as support sees it (docs/product.md#back-office). */
export default function CustomerPage() {
  const { id = '' } = useParams<{ id: string }>();
  return (
    <customerFlow.Provider key={id} input={{ id }}>
      <CustomerView />
    </customerFlow.Provider>
  );
}

export function CustomerView() {
  const detail = customerFlow.useSelector(selectCustomerDetail);
  const loading = customerFlow.useSelector(selectIsCustomerLoading);
  const error = customerFlow.useSelector(selectCustomerError);
  const { retry } = customerFlow.useEvents();
  const back = <Link href="/admin/clients">{texts.back}</Link>;
  if (detail === null) {
    return (
      <AdminPage title={messages.admin.clients.title} actions={back}>
        {loading ? <Spinner label="Chargement…" /> : null}
        {error !== null ? (
          <div className="admin-list-error">
            <Banner tone="error">{error}</Banner>
            <Button variant="secondary" onPress={retry}>
              {messages.admin.retry}
            </Button>
          </div>
        ) : null}
      </AdminPage>
    );
  }
  const { customer } = detail;
  return (
    <AdminPage title={customerName(customer) || customer.email} actions={back}>
      <div className="admin-sections">
        <Section title={texts.profile}>
          <Facts
            facts={[
              ['Email', customer.email],
              ['Nom', customerName(customer)],
              ['Entreprise', customer.company_name],
              ['Boutique', customer.shop_domain],
              ['Téléphone', customer.phone],
              ['Client Stripe', customer.stripe_customer_id],
              [
                customer.kind === 'pending_account' ? 'Payé le' : 'Créé le',
                formatDate(customer.created_at),
              ],
            ]}
          />
        </Section>
        <Actions detail={detail} />
        <SubscriptionSection detail={detail} />
        <LicencesSection detail={detail} />
        <MailsSection detail={detail} />
      </div>
      <CustomerActionDialog email={customer.email} />
    </AdminPage>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="admin-section" aria-label={title}>
      <h2>{title}</h2>
      {children}
    </section>
  );
}

function Facts({ facts }: { facts: [string, string | null | undefined][] }) {
  return (
    <dl className="admin-facts">
      {facts.map(([term, value]) => (
        <div key={term}>
          <dt>{term}</dt>
          <dd>{value || '—'}</dd>
        </div>
      ))}
    </dl>
  );
}

function Actions({ detail }: { detail: AdminCustomerDetail }) {
  const { open } = customerFlow.useEvents();
  const { actions, pending_purchases: pending } = detail;
  return (
    <Section title={texts.actions}>
      <div className="admin-actions">
        <Button
          variant="secondary"
          isDisabled={!actions.send_password_reset}
          onPress={() => open('password-reset')}
        >
          {texts.passwordReset.button}
        </Button>
        <Button
          variant="secondary"
          isDisabled={!actions.resend_onboarding_link}
          onPress={() => open('onboarding-link')}
        >
          {texts.onboardingLink.button}
        </Button>
      </div>
      {pending.length > 0 ? (
        <>
          <h3>{texts.pendingPurchases}</h3>
          <ul>
            {pending.map((purchase) => (
              <li key={purchase._id}>
                {purchase.plan_name} ({cycles[purchase.billing_cycle]}) ·{' '}
                {formatCents(purchase.amount_cents)} · {formatDate(purchase.paid_at)}
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </Section>
  );
}

function SubscriptionSection({ detail }: { detail: AdminCustomerDetail }) {
  const { subscription, history } = detail;
  return (
    <Section title={texts.subscription}>
      {subscription === null ? (
        <p>{texts.noSubscription}</p>
      ) : (
        <Facts
          facts={[
            ['Formule', `${subscription.plan_name} (${cycles[subscription.billing_cycle]})`],
            ['Statut', messages.subscription.statusLabels[subscription.status]],
            ['Prix', formatCents(subscription.price_cents)],
            ['Revenu mensuel', formatCents(subscription.mrr_cents)],
            ['Fin de période', formatDate(subscription.current_period_end)],
            ["Fin de l'essai", formatDate(subscription.trial_end)],
            ['Résiliation à la fin de période', subscription.cancel_at_period_end ? 'Oui' : 'Non'],
            [
              'Montant dû',
              subscription.amount_owed_cents === null
                ? null
                : formatCents(subscription.amount_owed_cents),
            ],
            ['Licences autorisées', String(subscription.licenses_limit)],
          ]}
        />
      )}
      <h3>{texts.history}</h3>
      {history.length === 0 ? <p>{texts.noHistory}</p> : <EventList events={history} />}
    </Section>
  );
}

/** The journal's events, newest first: what, when, the amount and the reason. */
export function EventList({ events }: { events: JournalEvent[] }) {
  return (
    <ol className="admin-events">
      {events.map((event) => (
        <li key={event._id}>
          <strong>{messages.admin.eventLabels[event.type]}</strong> · {formatDate(event.at)}
          {event.amount_cents === null ? null : <> · {formatCents(event.amount_cents)}</>}
          {event.reason === null ? null : <> · « {event.reason} »</>}
        </li>
      ))}
    </ol>
  );
}

function LicencesSection({ detail }: { detail: AdminCustomerDetail }) {
  return (
    <Section title={texts.licences}>
      {detail.licenses.length === 0 ? (
        <p>{texts.noLicences}</p>
      ) : (
        <div className="admin-table-wrap">
          <table className="admin-table">
            <thead>
              <tr>
                <th scope="col">Domaine</th>
                <th scope="col">Boutique</th>
                <th scope="col">Statut</th>
                <th scope="col">Vue par le thème</th>
                <th scope="col">Version (dernière : {detail.latest_version})</th>
                <th scope="col">Licences</th>
              </tr>
            </thead>
            <tbody>
              {detail.licenses.map((licence) => (
                <tr key={licence._id}>
                  <td>{licence.custom_domain}</td>
                  <td>{licence.shop_domain}</td>
                  <td>
                    {licence.suspended_at === null
                      ? licence.status
                      : `${texts.suspended} (${licence.suspension_reason ?? ''})`}
                  </td>
                  <td>
                    {licence.last_seen_at === null
                      ? texts.neverSeen
                      : `${formatDate(licence.last_seen_at)} · ${licence.last_seen_host ?? ''}`}
                  </td>
                  <td>{licence.last_seen_version ?? '—'}</td>
                  <td>
                    <Link href={`/admin/licences?q=${encodeURIComponent(licence.shop_domain)}`}>
                      {texts.openLicences}
                      <span className="visually-hidden"> : {licence.custom_domain}</span>
                    </Link>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </Section>
  );
}

function MailsSection({ detail }: { detail: AdminCustomerDetail }) {
  return (
    <Section title={texts.mails}>
      {detail.mails.length === 0 ? (
        <p>{texts.noMails}</p>
      ) : (
        <div className="admin-table-wrap">
          <table className="admin-table">
            <thead>
              <tr>
                <th scope="col">Objet</th>
                <th scope="col">Créé le</th>
                <th scope="col">État</th>
                <th scope="col">Tentatives</th>
                <th scope="col">Dernière erreur</th>
              </tr>
            </thead>
            <tbody>
              {detail.mails.map((mail) => (
                <tr key={mail._id}>
                  <td>{mail.subject}</td>
                  <td>{formatDate(mail.created_at)}</td>
                  <td>{texts.mailStatus[mail.status]}</td>
                  <td>{mail.attempts}</td>
                  <td>{mail.last_error ?? '—'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </Section>
  );
}
