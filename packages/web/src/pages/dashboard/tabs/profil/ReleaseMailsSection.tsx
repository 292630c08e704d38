import { messages } from '@portal/core';
import { Banner } from '../../../../ui/Banner.tsx';
import { Card } from '../../../../ui/Card.tsx';
import { Spinner } from '../../../../ui/Spinner.tsx';
import { PanelError } from '../../parts/PanelError.tsx';
import { ReleaseMailsProvider, useReleaseMailsView } from './releaseMailsFlow.ts';

const text = messages.releaseMails;

/** 'Nouvelles versions du thème': the mail announcing each release, on unless turned off. */
export function ReleaseMailsSection() {
  return (
    <ReleaseMailsProvider>
      <ReleaseMailsView />
    </ReleaseMailsProvider>
  );
}

function ReleaseMailsView() {
  const { loading, loadError, enabled, saving, saveError, setReleaseMails, reloadPreferences } =
    useReleaseMailsView();
  return (
    <Card className="profile-card" aria-labelledby="release-mails-title">
      <div className="profile-card__head">
        <h3 id="release-mails-title">{text.title}</h3>
      </div>
      {loadError !== null ? (
        <PanelError message={loadError} onRetry={reloadPreferences} />
      ) : loading ? (
        <Spinner label="Chargement de vos préférences…" />
      ) : (
        <>
          {/*
            Optimistic: the switch moves at once; a failed save puts it back, said below. A
            native checkbox in the switch role: ui/Switch here would split it out of the landing's
            chunk and grow that page (docs/decisions.md, 'The release mails' switch').
          */}
          <label className="release-mails__switch">
            <input
              type="checkbox"
              role="switch"
              checked={enabled}
              aria-readonly={saving}
              onChange={(event) => {
                if (!saving) setReleaseMails(event.currentTarget.checked);
              }}
            />{' '}
            {text.label}
          </label>
          <p>{text.hint}</p>
          {saveError !== null ? <Banner tone="error">{saveError}</Banner> : null}
        </>
      )}
    </Card>
  );
}
