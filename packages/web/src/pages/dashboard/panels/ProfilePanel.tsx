import {
  formatEuros,
  profileFields,
  messages,
  selectIsEditingProfile,
  selectIsProfileLoading,
  selectIsSavingProfile,
  selectProfileFieldErrors,
  selectProfileForm,
  selectProfileLoadError,
  selectProfileSaveError,
  selectProfileSubscription,
  selectProfileDetails,
  selectProfileTrialLine,
  selectSubscriptionStatusBadge,
  type ProfileField,
} from '@portal/core';
import { Badge } from '../../../ui/Badge.tsx';
import { Banner } from '../../../ui/Banner.tsx';
import { Button } from '../../../ui/Button.tsx';
import { ButtonLink } from '../../../ui/ButtonLink.tsx';
import { Card } from '../../../ui/Card.tsx';
import { Form } from '../../../ui/Form.tsx';
import { Spinner } from '../../../ui/Spinner.tsx';
import { TextField } from '../../../ui/TextField.tsx';
import { ProfileProvider, useProfileEvents, useProfileSelector } from '../flows/profileFlow.ts';
import { PanelHeader } from '../parts/PanelHeader.tsx';
import { PasswordSection } from '../parts/PasswordSection.tsx';
import { useNow } from '../flows/now.ts';
import { plansHref } from '../tabs.ts';

const fieldLabels: Record<ProfileField, string> = {
  first_name: 'Prénom',
  last_name: 'Nom',
  email: 'Email',
  phone: 'Téléphone',
  company_name: 'Entreprise',
  shop_domain: 'Domaine de la boutique',
};

/** 'Mon profil': subscription summary, personal information (view/edit) and 'Sécurité'. */
export function ProfilePanel() {
  return (
    <ProfileProvider>
      <ProfileView />
    </ProfileProvider>
  );
}

function ProfileView() {
  const loadError = useProfileSelector(selectProfileLoadError);
  const loading = useProfileSelector(selectIsProfileLoading);
  const details = useProfileSelector(selectProfileDetails);
  const subscription = useProfileSelector(selectProfileSubscription);
  const status = useProfileSelector(selectSubscriptionStatusBadge);
  const now = useNow();
  const trialLine = useProfileSelector((snapshot) => selectProfileTrialLine(snapshot, now));
  const editing = useProfileSelector(selectIsEditingProfile);
  const { reload, edit } = useProfileEvents();

  return (
    <>
      <PanelHeader
        title="Mon profil"
        description="Vos informations personnelles et votre sécurité."
      />
      {loadError !== null ? (
        <div className="panel-error">
          <Banner tone="error">{loadError}</Banner>
          <Button variant="secondary" onPress={reload}>
            Réessayer
          </Button>
        </div>
      ) : loading || details === null ? (
        <Spinner label="Chargement du profil…" />
      ) : (
        <div className="profile-grid">
          <Card className="profile-card" aria-labelledby="profile-subscription-title">
            <div className="profile-card__head">
              <h3 id="profile-subscription-title">Abonnement</h3>
              <Badge tone={status.tone}>{status.label}</Badge>
            </div>
            {!status.active ? (
              // No subscription, or one that gives no access any more (trial ended, cancelled).
              <>
                {status.detail !== null ? <p>{status.detail}</p> : null}
                <p>Choisissez une formule pour créer vos licences et télécharger le thème.</p>
                <ButtonLink href={plansHref}>Voir les formules</ButtonLink>
              </>
            ) : subscription?.subscription ? (
              <>
                {trialLine !== null ? (
                  <p>
                    <strong>{trialLine}</strong>
                  </p>
                ) : null}
                <p>
                  Formule <strong>{subscription.subscription.name}</strong> —{' '}
                  {formatEuros(subscription.subscription.price)} · {subscription.usage.licensesUsed}{' '}
                  / {subscription.usage.licensesLimit} licences
                </p>
              </>
            ) : null}
          </Card>

          <Card className="profile-card" aria-labelledby="profile-info-title">
            <div className="profile-card__head">
              <h3 id="profile-info-title">Informations personnelles</h3>
              {!editing ? (
                <Button variant="secondary" onPress={edit}>
                  Modifier
                </Button>
              ) : null}
            </div>
            {editing ? (
              <ProfileForm />
            ) : (
              <dl className="profile-details">
                {profileFields.map((field) => (
                  <div key={field}>
                    <dt>{fieldLabels[field]}</dt>
                    <dd>{details[field] ?? 'Non renseigné'}</dd>
                  </div>
                ))}
              </dl>
            )}
          </Card>

          <PasswordSection />
        </div>
      )}
    </>
  );
}

/** The fields' hints: what the rules expect, said before they refuse it. */
const fieldHints: Partial<Record<ProfileField, string>> = {
  email: 'L’email ne peut pas être modifié ici.',
  phone: messages.validation.phoneHint,
};

function ProfileForm() {
  const form = useProfileSelector(selectProfileForm);
  const errors = useProfileSelector(selectProfileFieldErrors);
  const saveError = useProfileSelector(selectProfileSaveError);
  const saving = useProfileSelector(selectIsSavingProfile);
  const { change, save, cancel } = useProfileEvents();
  return (
    <Form
      aria-label="Informations personnelles"
      onSubmit={(event) => {
        event.preventDefault();
        save();
      }}
    >
      {saveError !== null ? <Banner tone="error">{saveError}</Banner> : null}
      {profileFields.map((field) => (
        <TextField
          key={field}
          label={fieldLabels[field]}
          name={field}
          type={field === 'email' ? 'email' : field === 'phone' ? 'tel' : 'text'}
          value={form[field]}
          isReadOnly={field === 'email' || saving}
          description={fieldHints[field]}
          onChange={(value) => change(field, value)}
          errorMessage={errors[field]}
          autoFocus={field === 'first_name'}
        />
      ))}
      <div className="form-actions">
        <Button variant="secondary" onPress={cancel} isDisabled={saving}>
          Annuler
        </Button>
        <Button type="submit" isPending={saving}>
          {saving ? 'Enregistrement…' : 'Enregistrer'}
        </Button>
      </div>
    </Form>
  );
}
