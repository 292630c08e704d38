import { messages } from '@portal/core';
import { Banner } from '../../../../ui/Banner.tsx';
import { Button } from '../../../../ui/Button.tsx';
import { ButtonLink } from '../../../../ui/ButtonLink.tsx';
import { Card } from '../../../../ui/Card.tsx';
import { PanelHeader } from '../../parts/PanelHeader.tsx';
import { InstallSteps } from './InstallSteps.tsx';
import { plansHref } from '../../tabs.ts';
import { portalTheme } from './theme.ts';
import { ThemeDownloadProvider, useThemeDownloadView } from './themeDownloadFlow.ts';

/**
 * 'Thèmes disponibles': the theme card, its download button and the popup message, then the steps
 * to install it in Shopify.
 */
export function ThemesPanel() {
  return (
    <ThemeDownloadProvider>
      <ThemesView />
    </ThemeDownloadProvider>
  );
}

function ThemesView() {
  const { button, popup, download, dismiss } = useThemeDownloadView();
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
          <Button isPending={button.pending} onPress={() => download(portalTheme.filename)}>
            {button.label}
          </Button>
        </article>
      </Card>
      <div className="theme-popup">
        {popup !== null ? (
          <Banner tone={popup.tone} onDismiss={dismiss}>
            {popup.message}
          </Banner>
        ) : null}
        {popup?.tone === 'error' && popup.choosePlan ? (
          <ButtonLink variant="secondary" href={plansHref}>
            {messages.subscription.choosePlan}
          </ButtonLink>
        ) : null}
      </div>
      <InstallSteps />
    </>
  );
}
