import {
  selectIsDeletingLicence,
  selectIsSavingLicence,
  selectLicenceFieldErrors,
  selectLicenceForm,
  selectLicenceModalError,
  selectLicencePendingDeletion,
  selectModal,
} from '@portal/core';
import { Banner } from '../../../ui/Banner.tsx';
import { Button } from '../../../ui/Button.tsx';
import { Form } from '../../../ui/Form.tsx';
import { Modal } from '../../../ui/Modal.tsx';
import { TextField } from '../../../ui/TextField.tsx';
import { useLicencesEvents, useLicencesSelector } from '../flows/licencesFlow.ts';

/** Create (no _id) or edit: the fields keep what was typed whatever the error. */
export function LicenceFormModal({ isOpen }: { isOpen: boolean }) {
  const mode = useLicencesSelector(selectModal);
  const form = useLicencesSelector(selectLicenceForm);
  const errors = useLicencesSelector(selectLicenceFieldErrors);
  const modalError = useLicencesSelector(selectLicenceModalError);
  const saving = useLicencesSelector(selectIsSavingLicence);
  const { cancel, change, save } = useLicencesEvents();
  return (
    <Modal
      isOpen={isOpen}
      onOpenChange={(open) => {
        if (!open) cancel();
      }}
      isDismissable={!saving}
      title={mode === 'edit' ? 'Modifier la licence' : 'Ajouter une licence'}
    >
      <Form
        onSubmit={(event) => {
          event.preventDefault();
          save();
        }}
      >
        {modalError !== null ? <Banner tone="error">{modalError}</Banner> : null}
        <TextField
          label="Domaine personnalisé"
          name="custom_domain"
          placeholder="boutique.fr"
          autoFocus
          isReadOnly={saving}
          value={form.custom_domain}
          onChange={(value) => change('custom_domain', value)}
          errorMessage={errors.custom_domain}
        />
        <TextField
          label="Domaine Shopify"
          name="shop_domain"
          placeholder="ma-boutique.myshopify.com"
          description="Le suffixe .myshopify.com est ajouté s’il manque."
          isReadOnly={saving}
          value={form.shop_domain}
          onChange={(value) => change('shop_domain', value)}
          errorMessage={errors.shop_domain}
        />
        <div className="modal-actions">
          <Button variant="secondary" onPress={cancel} isDisabled={saving}>
            Annuler
          </Button>
          <Button type="submit" isPending={saving}>
            {saving ? 'Enregistrement…' : 'Enregistrer'}
          </Button>
        </div>
      </Form>
    </Modal>
  );
}

export function DeleteLicenceModal({ isOpen }: { isOpen: boolean }) {
  const licence = useLicencesSelector(selectLicencePendingDeletion);
  const modalError = useLicencesSelector(selectLicenceModalError);
  const deleting = useLicencesSelector(selectIsDeletingLicence);
  const { cancel, confirmDelete } = useLicencesEvents();
  return (
    <Modal
      isOpen={isOpen}
      role="alertdialog"
      onOpenChange={(open) => {
        if (!open) cancel();
      }}
      isDismissable={!deleting}
      title="Supprimer la licence"
    >
      {modalError !== null ? <Banner tone="error">{modalError}</Banner> : null}
      <p>
        Voulez-vous vraiment supprimer la licence <strong>{licence?.custom_domain}</strong> ? Le
        thème ne sera plus activé sur ce domaine.
      </p>
      <div className="modal-actions">
        <Button variant="secondary" onPress={cancel} isDisabled={deleting} autoFocus>
          Annuler
        </Button>
        <Button className="button-danger" onPress={confirmDelete} isPending={deleting}>
          {deleting ? 'Suppression…' : 'Supprimer'}
        </Button>
      </div>
    </Modal>
  );
}
