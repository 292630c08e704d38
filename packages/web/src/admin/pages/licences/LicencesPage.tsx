import { useSearch } from 'wouter';
import { messages } from '@portal/core';
import { useMemo, useRef, type RefObject } from 'react';
import { TextArea, TextField as AriaTextField, Label, FieldError } from 'react-aria-components';
import type {
  AdminLicenceActionKind,
  AdminLicenceField,
  AdminLicenceSummary,
} from '@portal/core/admin';
import { Badge } from '../../../ui/Badge.tsx';
import { Banner } from '../../../ui/Banner.tsx';
import { Button } from '../../../ui/Button.tsx';
import { Form } from '../../../ui/Form.tsx';
import { Modal } from '../../../ui/Modal.tsx';
import { Spinner } from '../../../ui/Spinner.tsx';
import { TextField } from '../../../ui/TextField.tsx';
import { AdminPage } from '../../AdminPage.tsx';
import { useFocusAfterClose } from '../../../pages/dashboard/parts/useFocusAfterClose.ts';
import { AdminLicencesProvider, useAdminLicencesView } from './adminLicencesFlow.ts';
import '../adminPage.css';

type View = ReturnType<typeof useAdminLicencesView>;

/** The back office's 'Licences' (docs/product.md#back-office-screens). */
export default function LicencesPage() {
  // `?q=` starts the search (a customer's page links to `/admin/licences?q=<shop>`).
  const q = new URLSearchParams(useSearch()).get('q') ?? undefined;
  return (
    <AdminLicencesProvider input={{ q }}>
      <Licences />
    </AdminLicencesProvider>
  );
}

function Licences() {
  const view = useAdminLicencesView();
  const listHeading = useRef<HTMLHeadingElement>(null);
  const detailHeading = useRef<HTMLHeadingElement>(null);
  // 'Suspendre' becomes 'Réactiver', a deleted licence takes its buttons with it: focus then goes
  // to the licence's heading, or to the results without one, never to the page's body.
  const afterDialog = useMemo(
    () => ({
      get current() {
        return detailHeading.current ?? listHeading.current;
      },
    }),
    [],
  );
  useFocusAfterClose(view.dialog !== null, afterDialog);
  return (
    <AdminPage
      title="Licences"
      actions={<Button onPress={() => view.startAction('create')}>Créer une licence</Button>}
    >
      <Form
        className="admin-toolbar"
        role="search"
        aria-label="Rechercher une licence"
        onSubmit={(event) => {
          event.preventDefault();
          view.submitSearch();
        }}
      >
        <TextField
          label="Domaine, boutique Shopify ou identifiant"
          name="q"
          type="search"
          value={view.search.value}
          onChange={view.changeSearch}
          errorMessage={view.search.error ?? undefined}
        />
        <Button type="submit" variant="secondary">
          Rechercher
        </Button>
      </Form>

      {view.detail === null ? null : <LicenceDetail view={view} heading={detailHeading} />}

      <section className="admin-section" aria-labelledby="admin-licences-list">
        <h2 id="admin-licences-list" ref={listHeading} tabIndex={-1}>
          Résultats
        </h2>
        <LicenceList view={view} />
      </section>

      {view.dialog === null ? null : <ActionDialog view={view} />}
    </AdminPage>
  );
}

function LicenceList({ view }: { view: View }) {
  const { list } = view;
  if (list.error !== null)
    return (
      <div className="admin-section">
        <Banner tone="error">{list.error}</Banner>
        <Button variant="secondary" onPress={view.reloadList}>
          {messages.admin.retry}
        </Button>
      </div>
    );
  if (list.loading && list.rows.length === 0) return <Spinner label="Chargement des licences…" />;
  if (list.empty !== null) return <p>{list.empty}</p>;
  return (
    <>
      <div className="admin-table-wrap" aria-busy={list.loading || undefined}>
        <table className="admin-table">
          <caption>
            {list.total} {list.total > 1 ? 'licences' : 'licence'}
            {list.latestVersion === null
              ? ''
              : ` · dernière version du thème ${list.latestVersion}`}
          </caption>
          <thead>
            <tr>
              <th scope="col">Domaine</th>
              <th scope="col">Boutique Shopify</th>
              <th scope="col">Client</th>
              <th scope="col">Statut</th>
              <th scope="col">Dernière vérification</th>
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {list.rows.map((row) => (
              <tr key={row.licence._id}>
                <th scope="row">{row.licence.custom_domain}</th>
                <td>{row.licence.shop_domain}</td>
                <td>{row.licence.customer_email}</td>
                <td>
                  <Badge tone={row.tone}>{row.status}</Badge>
                </td>
                <td>{row.seen}</td>
                <td>
                  <Button
                    variant="ghost"
                    onPress={() => view.openLicence(row.licence._id)}
                    aria-label={`Voir ${row.licence.custom_domain}`}
                  >
                    Voir
                  </Button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {list.pages > 1 ? (
        <nav className="admin-pager" aria-label="Pages des licences">
          <Button
            variant="secondary"
            isDisabled={list.page <= 1}
            onPress={() => view.goToPage(list.page - 1)}
          >
            {messages.admin.search.previous}
          </Button>
          <span>
            Page {list.page} sur {list.pages}
          </span>
          <Button
            variant="secondary"
            isDisabled={list.page >= list.pages}
            onPress={() => view.goToPage(list.page + 1)}
          >
            {messages.admin.search.next}
          </Button>
        </nav>
      ) : null}
    </>
  );
}

const actionLabels: Record<Exclude<AdminLicenceActionKind, 'create'>, string> = {
  suspend: 'Suspendre',
  reinstate: 'Réactiver',
  transfer: 'Transférer',
  delete: 'Supprimer',
};

function LicenceDetail({
  view,
  heading,
}: {
  view: View;
  heading: RefObject<HTMLHeadingElement | null>;
}) {
  const detail = view.detail!;
  const summary = detail.licence;
  return (
    <section className="admin-section" aria-labelledby="admin-licence-detail">
      <h2 id="admin-licence-detail" ref={heading} tabIndex={-1}>
        {summary === null ? 'Licence' : `Licence ${summary.licence.custom_domain}`}
      </h2>
      {detail.error !== null ? (
        <Banner tone="error">{detail.error}</Banner>
      ) : summary === null ? (
        <Spinner label="Chargement de la licence…" />
      ) : (
        <>
          <LicenceFacts summary={summary} />
          <div className="admin-actions">
            {detail.actions.map((kind) =>
              kind === 'create' ? null : (
                <Button
                  key={kind}
                  variant={kind === 'delete' ? 'ghost' : 'secondary'}
                  onPress={() => view.startAction(kind)}
                >
                  {actionLabels[kind]}
                </Button>
              ),
            )}
            <Button variant="secondary" onPress={() => view.startAction('create')}>
              Créer une licence pour ce client
            </Button>
          </div>
        </>
      )}
      <div className="admin-actions">
        <Button variant="ghost" onPress={view.closeLicence}>
          Fermer
        </Button>
      </div>
    </section>
  );
}

/** What the licence is now: its customer, shops, status and what the theme reported. */
function LicenceFacts({ summary }: { summary: AdminLicenceSummary }) {
  const { licence } = summary;
  return (
    <dl className="admin-details">
      <dt>Statut</dt>
      <dd>
        <Badge tone={summary.tone}>{summary.status}</Badge>
      </dd>
      {summary.suspension === null ? null : (
        <>
          <dt>Suspension</dt>
          <dd>
            {summary.suspension.since} : {summary.suspension.reason}
          </dd>
        </>
      )}
      <dt>Client</dt>
      <dd>
        {licence.customer_email} ({licence.customer_id})
      </dd>
      <dt>Domaine personnalisé</dt>
      <dd>{licence.custom_domain}</dd>
      <dt>Boutique Shopify</dt>
      <dd>{licence.shop_domain}</dd>
      <dt>Thème</dt>
      <dd>{licence.theme_name}</dd>
      <dt>Signalé par le thème</dt>
      <dd>{summary.seen}</dd>
      <dt>Créée le</dt>
      <dd>{summary.created}</dd>
      <dt>Identifiant</dt>
      <dd>{licence._id}</dd>
    </dl>
  );
}

const fieldLabels: Record<AdminLicenceField, string> = {
  customer_id: 'Identifiant du client',
  custom_domain: 'Domaine personnalisé',
  shop_domain: 'Domaine Shopify',
  reason: 'Raison',
};

/** One action's confirmation, with its reason; a refusal keeps everything typed. */
function ActionDialog({ view }: { view: View }) {
  const dialog = view.dialog!;
  const sending = dialog.confirm.pending;
  return (
    <Modal
      isOpen
      role={dialog.kind === 'delete' ? 'alertdialog' : 'dialog'}
      onOpenChange={(open) => {
        if (!open) view.cancelAction();
      }}
      isDismissable={!sending}
      title={dialog.title}
    >
      <Form
        onSubmit={(event) => {
          event.preventDefault();
          view.confirmAction();
        }}
      >
        {dialog.error !== null ? <Banner tone="error">{dialog.error}</Banner> : null}
        {dialog.licence === null ? null : (
          <p>
            {dialog.licence.licence.custom_domain} ({dialog.licence.licence.shop_domain}) :{' '}
            <strong>{dialog.licence.status}</strong>
          </p>
        )}
        {dialog.fields.map((name, index) =>
          name === 'reason' ? (
            <AriaTextField
              key={name}
              className="ui-field"
              name={name}
              value={dialog.values.reason}
              onChange={(value) => view.changeField('reason', value)}
              isReadOnly={dialog.readOnly}
              isInvalid={dialog.errors.reason !== undefined}
              autoFocus={index === 0}
            >
              <Label className="ui-field__label">{fieldLabels.reason}</Label>
              <TextArea className="ui-field__input" rows={3} />
              <FieldError className="ui-field__error">{dialog.errors.reason}</FieldError>
            </AriaTextField>
          ) : (
            <TextField
              key={name}
              label={fieldLabels[name]}
              name={name}
              autoFocus={index === 0}
              isReadOnly={dialog.readOnly}
              value={dialog.values[name]}
              onChange={(value) => view.changeField(name, value)}
              errorMessage={dialog.errors[name]}
              {...(name === 'shop_domain'
                ? { description: 'Le suffixe .myshopify.com est ajouté s’il manque.' }
                : {})}
            />
          ),
        )}
        <div className="modal-actions">
          <Button variant="secondary" onPress={view.cancelAction} isDisabled={sending}>
            Annuler
          </Button>
          <Button type="submit" isPending={sending}>
            {dialog.confirm.label}
          </Button>
        </div>
      </Form>
    </Modal>
  );
}
