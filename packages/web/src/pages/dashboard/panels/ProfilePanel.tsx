import { useInspectedMachine } from '../../../app/useInspectedMachine.ts';
import {
  formatEuros,
  selectIsEditingProfile,
  selectIsProfileLoading,
  selectIsSavingProfile,
  selectProfileFieldErrors,
  selectProfileForm,
  selectProfileLoadError,
  selectProfileSaveError,
  selectProfileSubscription,
  selectProfileUser,
  selectSubscriptionStatusBadge,
  type ProfileField,
} from '@portal/core';
import { Badge } from '../../../ui/Badge.tsx';
import { Banner } from '../../../ui/Banner.tsx';
import { Button, ButtonLink } from '../../../ui/Button.tsx';
import { Card } from '../../../ui/Card.tsx';
import { Form } from '../../../ui/Form.tsx';
import { Spinner } from '../../../ui/Spinner.tsx';
import { TextField } from '../../../ui/TextField.tsx';
import { useDashboardMachines } from '../dashboardMachines.tsx';
import { PanelHeader } from '../parts/PanelHeader.tsx';
import { PasswordSection } from '../parts/PasswordSection.tsx';
import { tabHref } from '../tabs.ts';

const fieldLabels: Record<ProfileField, string> = {
  first_name: 'Prénom',
  last_name: 'Nom',
  email: 'Email',
  phone: 'Téléphone',
  company_name: 'Entreprise',
  shop_domain: 'Domaine de la boutique',
};
const fieldOrder: readonly ProfileField[] = [
  'first_name',
  'last_name',
  'email',
  'phone',
  'company_name',
  'shop_domain',
];

/** 'Mon profil': subscription summary, personal information (view/edit) and 'Sécurité'. */
export function ProfilePanel() {
  const { profile } = useDashboardMachines();
  const [snapshot, send] = useInspectedMachine(profile);
  const loadError = selectProfileLoadError(snapshot);
  const user = selectProfileUser(snapshot);
  const subscription = selectProfileSubscription(snapshot);
  const status = selectSubscriptionStatusBadge(snapshot);

  return (
    <>
      <PanelHeader
        title="Mon profil"
        description="Vos informations personnelles et votre sécurité."
      />
      {loadError !== null ? (
        <div className="panel-error">
          <Banner tone="error">{loadError}</Banner>
          <Button variant="secondary" onPress={() => send({ type: 'profile.reload' })}>
            Réessayer
          </Button>
        </div>
      ) : selectIsProfileLoading(snapshot) || user === null ? (
        <Spinner label="Chargement du profil…" />
      ) : (
        <div className="profile-grid">
          <Card className="profile-card" aria-labelledby="profile-subscription-title">
            <div className="profile-card__head">
              <h3 id="profile-subscription-title">Abonnement</h3>
              <Badge tone={status.active ? 'success' : 'accent'}>{status.label}</Badge>
            </div>
            {status.detail !== null ? (
              <>
                <p>{status.detail}</p>
                <p>Choisissez une formule pour créer vos licences et télécharger le thème.</p>
                <ButtonLink href={tabHref('subscription')}>Voir les formules</ButtonLink>
              </>
            ) : subscription?.subscription ? (
              <p>
                Formule <strong>{subscription.subscription.name}</strong> —{' '}
                {formatEuros(subscription.subscription.price)} · {subscription.usage.licensesUsed} /{' '}
                {subscription.usage.licensesLimit} licences
              </p>
            ) : null}
          </Card>

          <Card className="profile-card" aria-labelledby="profile-info-title">
            <div className="profile-card__head">
              <h3 id="profile-info-title">Informations personnelles</h3>
              {!selectIsEditingProfile(snapshot) ? (
                <Button variant="secondary" onPress={() => send({ type: 'profile.edit' })}>
                  Modifier
                </Button>
              ) : null}
            </div>
            {selectIsEditingProfile(snapshot) ? (
              <ProfileForm
                form={selectProfileForm(snapshot)}
                errors={selectProfileFieldErrors(snapshot)}
                saveError={selectProfileSaveError(snapshot)}
                saving={selectIsSavingProfile(snapshot)}
                onChange={(field, value) => send({ type: 'profile.change', field, value })}
                onSave={() => send({ type: 'profile.save' })}
                onCancel={() => send({ type: 'profile.cancel' })}
              />
            ) : (
              <dl className="profile-details">
                {fieldOrder.map((field) => {
                  const value = field in user ? (user as Record<string, unknown>)[field] : null;
                  return (
                    <div key={field}>
                      <dt>{fieldLabels[field]}</dt>
                      <dd>{typeof value === 'string' && value !== '' ? value : 'Non renseigné'}</dd>
                    </div>
                  );
                })}
              </dl>
            )}
          </Card>

          <PasswordSection />
        </div>
      )}
    </>
  );
}

function ProfileForm({
  form,
  errors,
  saveError,
  saving,
  onChange,
  onSave,
  onCancel,
}: {
  form: Record<ProfileField, string>;
  errors: Partial<Record<ProfileField, string>>;
  saveError: string | null;
  saving: boolean;
  onChange: (field: ProfileField, value: string) => void;
  onSave: () => void;
  onCancel: () => void;
}) {
  return (
    <Form
      aria-label="Informations personnelles"
      onSubmit={(event) => {
        event.preventDefault();
        onSave();
      }}
    >
      {saveError !== null ? <Banner tone="error">{saveError}</Banner> : null}
      {fieldOrder.map((field) => (
        <TextField
          key={field}
          label={fieldLabels[field]}
          name={field}
          type={field === 'email' ? 'email' : field === 'phone' ? 'tel' : 'text'}
          value={form[field]}
          isReadOnly={field === 'email' || saving}
          description={field === 'email' ? 'L’email ne peut pas être modifié ici.' : undefined}
          onChange={(value) => onChange(field, value)}
          errorMessage={errors[field]}
          autoFocus={field === 'first_name'}
        />
      ))}
      <div className="form-actions">
        <Button variant="secondary" onPress={onCancel} isDisabled={saving}>
          Annuler
        </Button>
        <Button type="submit" isPending={saving}>
          {saving ? 'Enregistrement…' : 'Enregistrer'}
        </Button>
      </div>
    </Form>
  );
}
