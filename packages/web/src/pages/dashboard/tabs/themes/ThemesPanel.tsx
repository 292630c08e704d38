import { useEffect } from 'react';
import { messages, type ReleaseView } from '@portal/core';
import { Banner } from '../../../../ui/Banner.tsx';
import { Button } from '../../../../ui/Button.tsx';
import { ButtonLink } from '../../../../ui/ButtonLink.tsx';
import { Card } from '../../../../ui/Card.tsx';
import { Spinner } from '../../../../ui/Spinner.tsx';
import { PanelError } from '../../parts/PanelError.tsx';
import { PanelHeader } from '../../parts/PanelHeader.tsx';
import { plansHref } from '../../tabs.ts';
import { InstallSteps } from './InstallSteps.tsx';
import { ThemeDownloadProvider, useThemeDownloadView } from './themeDownloadFlow.ts';
import { ThemeReleasesProvider, useThemeReleasesView } from './themeReleasesFlow.ts';
import { ThemeUpdateSection } from './ThemeUpdateSection.tsx';
import './themes.css';

/**
 * 'Thèmes disponibles' (docs/product.md#themes-tab): the shops to update, the current version and
 * its notes, the earlier versions, each with its own download, the update that keeps the
 * merchant's work, then the steps to install an archive in Shopify.
 */
export function ThemesPanel() {
  return (
    <ThemeReleasesProvider>
      <ThemeDownloadProvider>
        <ThemesView />
      </ThemeDownloadProvider>
    </ThemeReleasesProvider>
  );
}

/**
 * `/dashboard?tab=themes#version-2.1.0` (the licences tab's notice, this tab's own): that
 * release scrolled to and focused once the list is shown, and again when the hash changes.
 */
function useReleaseFromHash(shown: boolean) {
  useEffect(() => {
    if (!shown) return;
    const reveal = () => {
      const id = decodeURIComponent(window.location.hash.slice(1));
      if (!id.startsWith('version-')) return;
      const target = document.getElementById(id);
      if (target === null) return;
      target.scrollIntoView?.({ block: 'start' });
      target.focus({ preventScroll: true });
    };
    reveal();
    window.addEventListener('hashchange', reveal);
    return () => window.removeEventListener('hashchange', reveal);
  }, [shown]);
}

function ThemesView() {
  const { loading, loadError, theme, current, earlier, notices, reload } = useThemeReleasesView();
  const shown = !loading && loadError === null && current !== null;
  useReleaseFromHash(shown);
  return (
    <>
      <PanelHeader
        title="Thèmes disponibles"
        description="Téléchargez l’archive du thème puis importez-la dans votre boutique Shopify."
      />
      {loadError !== null ? (
        <PanelError message={loadError} onRetry={reload} />
      ) : loading || theme === null || current === null ? (
        <Spinner label="Chargement des versions…" />
      ) : (
        <>
          {notices.length > 0 ? (
            <ul className="theme-notices" aria-label="Mises à jour disponibles">
              {notices.map((notice) => (
                <li key={notice.key} className="theme-notice">
                  <strong>{notice.headline}</strong> <span>{notice.detail}</span>{' '}
                  <a href={notice.href}>{messages.themeTab.seeNotes}</a>
                </li>
              ))}
            </ul>
          ) : null}
          <Card className="theme-card">
            <article aria-labelledby="theme-name">
              <div className="theme-card__preview" aria-hidden="true">
                <span>{theme.name.charAt(0)}</span>
              </div>
              <h3 id="theme-name">{theme.name}</h3>
              <p>{theme.description}</p>
              <Release
                release={current}
                title={messages.themeTab.currentVersion(current.version)}
                latest
              />
            </article>
          </Card>
          {earlier.length > 0 ? (
            <section className="theme-history" aria-labelledby="theme-history-title">
              <h3 id="theme-history-title">{messages.themeTab.earlierVersions}</h3>
              {earlier.map((release) => (
                <Card key={release.version} className="theme-history__item">
                  <Release release={release} title={release.heading} latest={false} />
                </Card>
              ))}
            </section>
          ) : null}
          <ThemeUpdateSection />
        </>
      )}
      <InstallSteps />
    </>
  );
}

/** One release: its date, its notes ('Nouveautés'), its download, its size and SHA-256. */
function Release({
  release,
  title,
  latest,
}: {
  release: ReleaseView;
  title: string;
  /** The current version: its download is the tab's main action. */
  latest: boolean;
}) {
  const { button, filename, popup, download, dismiss } = useThemeDownloadView();
  const mine = filename === release.filename;
  const titleId = `${release.anchor}-title`;
  return (
    // Focusable, so that a link to this version brings the keyboard here too.
    <div id={release.anchor} className="theme-release" tabIndex={-1} aria-labelledby={titleId}>
      <h4 id={titleId}>{title}</h4>
      <p className="theme-release__date">{release.date}</p>
      <p className="theme-release__notes-title">{messages.themeTab.whatsNew}</p>
      <ul className="theme-release__notes">
        {release.notes.map((note) => (
          <li key={note}>{note}</li>
        ))}
      </ul>
      {release.notCovered !== null ? (
        <p className="theme-release__refused">{release.notCovered}</p>
      ) : (
        <Button
          variant={latest ? 'primary' : 'secondary'}
          isPending={mine && button.pending}
          onPress={() => download(release.filename)}
        >
          {mine && button.pending ? button.label : release.downloadLabel}
        </Button>
      )}
      <details className="theme-release__integrity">
        <summary>{messages.themeTab.integrity}</summary>
        <dl>
          <div>
            <dt>{messages.themeTab.file}</dt>
            <dd>
              <code>{release.filename}</code>
            </dd>
          </div>
          <div>
            <dt>{messages.themeTab.size}</dt>
            <dd>{release.size}</dd>
          </div>
          <div>
            <dt>{messages.themeTab.sha256}</dt>
            <dd>
              <code className="theme-release__sha">{release.sha256}</code>
            </dd>
          </div>
        </dl>
      </details>
      {mine && popup !== null ? (
        <div className="theme-popup">
          <Banner tone={popup.tone} onDismiss={dismiss}>
            {popup.message}
          </Banner>
          {popup.tone === 'error' && popup.choosePlan ? (
            <ButtonLink variant="secondary" href={plansHref}>
              {messages.subscription.choosePlan}
            </ButtonLink>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
