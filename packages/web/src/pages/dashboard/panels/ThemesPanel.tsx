import {
  messages,
  selectDownloadError,
  selectDownloadNeedsPlan,
  selectDownloadStatus,
  selectIsDownloading,
} from '@portal/core';
import { Banner } from '../../../ui/Banner.tsx';
import { Button } from '../../../ui/Button.tsx';
import { ButtonLink } from '../../../ui/ButtonLink.tsx';
import { Card } from '../../../ui/Card.tsx';
import {
  ThemeDownloadProvider,
  useThemeDownloadEvents,
  useThemeDownloadSelector,
} from '../flows/themeDownloadFlow.ts';
import { PanelHeader } from '../parts/PanelHeader.tsx';
import { portalTheme } from '../parts/theme.ts';
import { plansHref } from '../tabs.ts';

/** 'Thèmes disponibles': the theme card, its download button and the popup message. */
export function ThemesPanel() {
  return (
    <ThemeDownloadProvider>
      <ThemesView />
    </ThemeDownloadProvider>
  );
}

function ThemesView() {
  const status = useThemeDownloadSelector(selectDownloadStatus);
  const error = useThemeDownloadSelector(selectDownloadError);
  const downloading = useThemeDownloadSelector(selectIsDownloading);
  const needsPlan = useThemeDownloadSelector(selectDownloadNeedsPlan);
  const { download, dismiss } = useThemeDownloadEvents();
  return (
    <>
      <PanelHeader
        title="Thèmes disponibles"
        description="Téléchargez l’archive du thème puis importez-la dans votre boutique Shopify."
      />
      <Card className="theme-card">
        <article aria-labelledby="theme-name">
          <div className="theme-card__preview" aria-hidden="true">
            <span>{portalTheme.name.charAt(0)}</span>
          </div>
          <h3 id="theme-name">{portalTheme.name}</h3>
          <p>{portalTheme.description}</p>
          <p className="theme-card__file">
            Fichier : <code>{portalTheme.filename}</code>
          </p>
          <Button isPending={downloading} onPress={() => download(portalTheme.filename)}>
            {downloading ? 'Téléchargement en cours…' : 'Télécharger le thème'}
          </Button>
        </article>
      </Card>
      <div className="theme-popup">
        {status === 'success' ? (
          <Banner tone="success" onDismiss={dismiss}>
            Le téléchargement de {portalTheme.filename} a commencé. Importez ensuite l’archive dans
            Shopify : Boutique en ligne, puis Thèmes, puis Ajouter un thème.
          </Banner>
        ) : status === 'error' && error !== null ? (
          <>
            <Banner tone="error" onDismiss={dismiss}>
              {error}
            </Banner>
            {needsPlan ? (
              <ButtonLink variant="secondary" href={plansHref}>
                {messages.subscription.choosePlan}
              </ButtonLink>
            ) : null}
          </>
        ) : null}
      </div>
    </>
  );
}
