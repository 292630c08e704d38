import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import {
  selectIsDeletingLicence,
  selectIsSavingLicence,
  selectLicenceFieldErrors,
  selectLicenceForm,
  selectLicenceModalError,
  selectLicencePendingDeletion,
  selectModal,
  type licencesMachine,
} from '@portal/core';
import { Banner } from '../../../ui/Banner.tsx';
import { Button } from '../../../ui/Button.tsx';
import { Form } from '../../../ui/Form.tsx';
import { Modal } from '../../../ui/Modal.tsx';
import { TextField } from '../../../ui/TextField.tsx';

export type LicencesActor = ActorRefFrom<typeof licencesMachine>;

/** Create (no _id) or edit: the fields keep what was typed whatever the error. */
export function LicenceFormModal({ actor, isOpen }: { actor: LicencesActor; isOpen: boolean }) {
  const mode = useSelector(actor, selectModal);
  const form = useSelector(actor, selectLicenceForm);
  const errors = useSelector(actor, selectLicenceFieldErrors);
  const modalError = useSelector(actor, selectLicenceModalError);
  const saving = useSelector(actor, selectIsSavingLicence);
  const cancel = () => actor.send({ type: 'licence.cancel' });
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
          actor.send({ type: 'licence.submit' });
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
          onChange={(value) =>
            actor.send({ type: 'licence.change', field: 'custom_domain', value })
          }
          errorMessage={errors.custom_domain}
        />
        <TextField
          label="Domaine Shopify"
          name="shop_domain"
          placeholder="ma-boutique.myshopify.com"
          description="Le suffixe .myshopify.com est ajouté s’il manque."
          isReadOnly={saving}
          value={form.shop_domain}
          onChange={(value) => actor.send({ type: 'licence.change', field: 'shop_domain', value })}
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

export function DeleteLicenceModal({ actor, isOpen }: { actor: LicencesActor; isOpen: boolean }) {
  const licence = useSelector(actor, selectLicencePendingDeletion);
  const modalError = useSelector(actor, selectLicenceModalError);
  const deleting = useSelector(actor, selectIsDeletingLicence);
  const cancel = () => actor.send({ type: 'licence.cancel' });
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
        <Button
          className="button-danger"
          onPress={() => actor.send({ type: 'licence.confirmDelete' })}
          isPending={deleting}
        >
          {deleting ? 'Suppression…' : 'Supprimer'}
        </Button>
      </div>
    </Modal>
  );
}
