import { Banner } from '../../../../ui/Banner.tsx';
import { Button } from '../../../../ui/Button.tsx';
import { Form } from '../../../../ui/Form.tsx';
import { Modal } from '../../../../ui/Modal.tsx';
import { TextField } from '../../../../ui/TextField.tsx';
import type { useLicencesView } from './licencesFlow.ts';

/** The licences tab's view model, read once by the panel (LicencesPanel.tsx). */
type TabView = ReturnType<typeof useLicencesView>;

/** Create (no _id) or edit: the fields keep what was typed whatever the error. */
export function LicenceFormModal({ view: { form, cancel, change, save } }: { view: TabView }) {
  const saving = form?.submit.pending ?? false;
  return (
    <Modal
      isOpen={form !== null}
      onOpenChange={(open) => {
        if (!open) cancel();
      }}
      isDismissable={!saving}
      title={form?.title ?? ''}
    >
      {form === null ? null : (
        <Form
          onSubmit={(event) => {
            event.preventDefault();
            save();
          }}
        >
          {form.error !== null ? <Banner tone="error">{form.error}</Banner> : null}
          <TextField
            label="Domaine personnalisé"
            name="custom_domain"
            placeholder="boutique.fr"
            autoFocus
            isReadOnly={form.readOnly}
            value={form.values.custom_domain}
            onChange={(value) => change('custom_domain', value)}
            errorMessage={form.errors.custom_domain}
          />
          <TextField
            label="Domaine Shopify"
            name="shop_domain"
            placeholder="ma-boutique.myshopify.com"
            description="Le suffixe .myshopify.com est ajouté s’il manque."
            isReadOnly={form.readOnly}
            value={form.values.shop_domain}
            onChange={(value) => change('shop_domain', value)}
            errorMessage={form.errors.shop_domain}
          />
          <div className="modal-actions">
            <Button variant="secondary" onPress={cancel} isDisabled={saving}>
              Annuler
            </Button>
            <Button type="submit" isPending={saving}>
              {form.submit.label}
            </Button>
          </div>
        </Form>
      )}
    </Modal>
  );
}

export function DeleteLicenceModal({
  view: { deletion, cancel, confirmDelete },
}: {
  view: TabView;
}) {
  const deleting = deletion?.confirm.pending ?? false;
  return (
    <Modal
      isOpen={deletion !== null}
      role="alertdialog"
      onOpenChange={(open) => {
        if (!open) cancel();
      }}
      isDismissable={!deleting}
      title="Supprimer la licence"
    >
      {deletion === null ? null : (
        <>
          {deletion.error !== null ? <Banner tone="error">{deletion.error}</Banner> : null}
          <p>
            Voulez-vous vraiment supprimer la licence <strong>{deletion.domain}</strong> ? Le thème
            ne sera plus activé sur ce domaine.
          </p>
          <div className="modal-actions">
            <Button variant="secondary" onPress={cancel} isDisabled={deleting} autoFocus>
              Annuler
            </Button>
            <Button className="button-danger" onPress={confirmDelete} isPending={deleting}>
              {deletion.confirm.label}
            </Button>
          </div>
        </>
      )}
    </Modal>
  );
}
