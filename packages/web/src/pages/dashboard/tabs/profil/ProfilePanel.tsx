import { messages, profileFields, type ProfileField } from '@portal/core';
import { Badge } from '../../../../ui/Badge.tsx';
import { Banner } from '../../../../ui/Banner.tsx';
import { Button } from '../../../../ui/Button.tsx';
import { ButtonLink } from '../../../../ui/ButtonLink.tsx';
import { Card } from '../../../../ui/Card.tsx';
import { Form } from '../../../../ui/Form.tsx';
import { Spinner } from '../../../../ui/Spinner.tsx';
import { TextField } from '../../../../ui/TextField.tsx';
import { PanelError } from '../../parts/PanelError.tsx';
import { PanelHeader } from '../../parts/PanelHeader.tsx';
import { plansHref } from '../../tabs.ts';
import { PasswordSection } from './PasswordSection.tsx';
import { ReleaseMailsSection } from './ReleaseMailsSection.tsx';
import { ProfileProvider, useProfileView } from './profileFlow.ts';

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

/** The tab's one view model: its parts below read it from their props. */
type TabView = ReturnType<typeof useProfileView>;

function ProfileView() {
  const view = useProfileView();
  const { loadError, subscription, details, form } = view;

  return (
    <>
      <PanelHeader
        title="Mon profil"
        description="Vos informations personnelles et votre sécurité."
      />
      {loadError !== null ? (
        <PanelError message={loadError} onRetry={view.reload} />
      ) : view.loading || details === null ? (
        <Spinner label="Chargement du profil…" />
      ) : (
        <div className="profile-grid">
          <Card className="profile-card" aria-labelledby="profile-subscription-title">
            <div className="profile-card__head">
              <h3 id="profile-subscription-title">Abonnement</h3>
              <Badge tone={subscription.badge.tone}>{subscription.badge.label}</Badge>
            </div>
            {!subscription.givesAccess ? (
              // No subscription, or one that gives no access any more (trial ended, cancelled).
              <>
                {subscription.detail !== null ? <p>{subscription.detail}</p> : null}
                <p>Choisissez une formule pour créer vos licences et télécharger le thème.</p>
                <ButtonLink href={plansHref}>Voir les formules</ButtonLink>
              </>
            ) : (
              // The subscription tab's summary, in its words (docs/product.md#profile-tab).
              <>
                {subscription.trialLine !== null ? (
                  <p>
                    <strong>{subscription.trialLine}</strong>
                  </p>
                ) : null}
                {subscription.planName !== null ? (
                  <p>
                    Formule <strong>{subscription.planName}</strong>
                  </p>
                ) : null}
                {subscription.figures !== null ? <p>{subscription.figures}</p> : null}
              </>
            )}
          </Card>

          <Card className="profile-card" aria-labelledby="profile-info-title">
            <div className="profile-card__head">
              <h3 id="profile-info-title">Informations personnelles</h3>
              {form === null ? (
                <Button variant="secondary" onPress={view.edit}>
                  Modifier
                </Button>
              ) : null}
            </div>
            {form !== null ? (
              <ProfileForm form={form} view={view} />
            ) : (
              <dl className="profile-details">
                {details.map(({ field, value }) => (
                  <div key={field}>
                    <dt>{fieldLabels[field]}</dt>
                    <dd>{value}</dd>
                  </div>
                ))}
              </dl>
            )}
          </Card>

          <PasswordSection />

          <ReleaseMailsSection />
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

function ProfileForm({
  form,
  view: { change, save, cancel },
}: {
  form: NonNullable<TabView['form']>;
  view: TabView;
}) {
  const saving = form.submit.pending;
  return (
    <Form
      aria-label="Informations personnelles"
      onSubmit={(event) => {
        event.preventDefault();
        save();
      }}
    >
      {form.error !== null ? <Banner tone="error">{form.error}</Banner> : null}
      {profileFields.map((field) => (
        <TextField
          key={field}
          label={fieldLabels[field]}
          name={field}
          type={field === 'email' ? 'email' : field === 'phone' ? 'tel' : 'text'}
          value={form.values[field]}
          isReadOnly={form.readOnly[field]}
          description={fieldHints[field]}
          onChange={(value) => change(field, value)}
          errorMessage={form.errors[field]}
          autoFocus={field === 'first_name'}
        />
      ))}
      <div className="form-actions">
        <Button variant="secondary" onPress={cancel} isDisabled={saving}>
          Annuler
        </Button>
        <Button type="submit" isPending={saving}>
          {form.submit.label}
        </Button>
      </div>
    </Form>
  );
}
