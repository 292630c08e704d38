import {
  memo,
  Suspense,
  type ReactNode,
  useDeferredValue,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';
import {
  messages,
  type Licence,
  type LicenceSummary,
  type LicencesView as View,
  type UsageCardView,
} from '@portal/core';
import { timeOf } from '../../../../app/flowView.ts';
import { holdFrame } from '../../../../app/prerendered.ts';
import { useServices } from '../../../../app/services.tsx';
import { Badge } from '../../../../ui/Badge.tsx';
import { Banner } from '../../../../ui/Banner.tsx';
import { Button } from '../../../../ui/Button.tsx';
import { ButtonLink } from '../../../../ui/ButtonLink.tsx';
import { Card } from '../../../../ui/Card.tsx';
import { Spinner } from '../../../../ui/Spinner.tsx';
import { preloadable } from '../../../../ui/preloadable.ts';
import { DisabledButton } from '../../../../ui/Tooltip.tsx';
import { LicencesProvider, useLicencesView } from './licencesFlow.ts';
import { frameShowsLicences, markLicencesVisible } from '../../frame/drawnTab.ts';
import { PanelError } from '../../parts/PanelError.tsx';
import { PanelHeader } from '../../parts/PanelHeader.tsx';
import { useFocusAfterClose } from '../../parts/useFocusAfterClose.ts';
import { plansHref } from '../../tabs.ts';

export const limitWarningId = 'licences-limit-warning';

// The modals' code (react-aria's dialog, the form's fields) comes when one first opens, or when the
// browser is idle after the first screen (DashboardPage), not with the page (docs/performance.md,
// 'The dashboard's frame'); fetched, a modal opens at once.
const LicenceFormModal = preloadable(() =>
  import('./LicenceModals.tsx').then((module) => ({ default: module.LicenceFormModal })),
);
const DeleteLicenceModal = preloadable(() =>
  import('./LicenceModals.tsx').then((module) => ({ default: module.DeleteLicenceModal })),
);

// Each row's report (what the theme reported) comes in a chunk of its own, once the rows show
// (docs/performance.md, 'The licence report'): its words and its relative time (an Intl formatter)
// are not the first screen's to load.
const LicenceReport = preloadable(() => import('./LicenceReport.tsx'));

/** Fetches the licence report's code ahead (the dashboard, when idle). */
export const preloadLicenceReport = () => LicenceReport.preload();

/** Fetches the licence modals' code ahead (the dashboard, when idle; a press, from its start). */
export const preloadLicenceModals = () =>
  Promise.all([LicenceFormModal.preload(), DeleteLicenceModal.preload()]);

/**
 * A press that opens a modal, once the modals' code is here: rendered then, they do not suspend,
 * and React's throttle of Suspense reveals does not hold the dialog back (docs/performance.md,
 * 'The dashboard's frame'). Offline, the press opens it all the same, and the missing code fails
 * as any lazy component's does.
 */
const withModals = (open: () => void) => () => void preloadLicenceModals().then(open, open);
const noAccessId = 'licences-no-access';

/** 'Gestion des licences': usage card, the list, and the create/edit/delete modals. */
export function LicencesPanel() {
  return (
    <LicencesProvider>
      <LicencesView />
    </LicencesProvider>
  );
}

function LicencesView() {
  const view = useLicencesView();
  const { usageCard, add, list, modal, reload, editLicence, deleteLicence } = view;
  const addLicence = withModals(view.addLicence);
  const listHeading = useRef<HTMLHeadingElement>(null);
  // When a modal closes and its trigger is gone (a deleted row, the add button replaced at the
  // limit), focus goes to the list instead of being lost to the page's body.
  useFocusAfterClose(modal !== 'closed', listHeading);

  // The list's first data renders at a lower priority than the rest of the panel: React renders its
  // items in slices it can interrupt and commits them in a task of their own (docs/performance.md,
  // 'The dashboard's long tasks'). Whether it is loading goes with it, so the empty state never
  // shows meanwhile, and so does the limit warning above it, so it never pushes the loading state
  // down. Once shown, the list follows the machine at once (a deleted row is gone before focus
  // moves). The view model keeps `list` the same object while it shows the same.
  const deferred = useDeferredValue(list);
  const [settled, setSettled] = useState(false);
  const listState = settled ? list : deferred;

  // The served frame may show this tab's data already (frame/licencesTab.ts): it stays until the
  // panel shows its own list or its error, never giving way to the loading state.
  const releaseFrame = useRef<() => void>(() => {});
  useLayoutEffect(() => {
    if (!frameShowsLicences()) return;
    releaseFrame.current = holdFrame();
    return releaseFrame.current;
  }, []);
  useEffect(() => {
    if (listState.loadError !== null) releaseFrame.current();
    if (!listState.shown) return;
    setSettled(true);
    markLicencesVisible();
    releaseFrame.current();
  }, [listState.shown, listState.loadError]);

  return (
    <>
      <PanelHeader
        title="Gestion des licences"
        description="Associez chaque domaine personnalisé à sa boutique Shopify."
      />

      {usageCard?.kind === 'noAccess' ? (
        // A trial ended, a subscription ended or none: no limit of 0 (docs/product.md#licences-tab).
        <Card className="usage-card" aria-labelledby="usage-title">
          <div className="usage-card__head">
            <h3 id="usage-title">Utilisation des licences</h3>
            <Badge tone="accent">{usageCard.badge}</Badge>
          </div>
          <p id={noAccessId}>{usageCard.reason}</p>
          <ButtonLink href={plansHref}>{messages.subscription.choosePlan}</ButtonLink>
        </Card>
      ) : usageCard?.kind === 'usage' ? (
        <UsageCard card={usageCard} />
      ) : usageCard?.kind === 'loading' ? (
        // The card's place is kept while it loads, so the list below does not jump (docs/performance.md: CLS).
        <Card className="usage-card" aria-labelledby="usage-title" aria-busy="true">
          <div className="usage-card__head">
            <h3 id="usage-title">Utilisation des licences</h3>
            <span className="ui-badge usage-card__placeholder" aria-hidden="true">
              Limite atteinte
            </span>
          </div>
          <dl className="usage-card__figures">
            {['Utilisées', 'Limite', 'Restantes'].map((term) => (
              <div key={term}>
                <dt>{term}</dt>
                <dd aria-hidden="true">–</dd>
              </div>
            ))}
          </dl>
        </Card>
      ) : null}

      <section className="licences-list" aria-labelledby="licences-list-title">
        <div className="licences-list__head">
          <h3 id="licences-list-title" ref={listHeading} tabIndex={-1}>
            Mes licences
          </h3>
          {add.unavailable !== null ? (
            <AddLicenceUnavailable
              reason={add.unavailable.reason}
              reasonId={add.unavailable.saidBy === 'noAccess' ? noAccessId : limitWarningId}
            />
          ) : (
            // The same button stays mounted and enabled while its modal is open: it keeps focus
            // until the modal takes it, even when the modal's code comes late, and gets it back
            // (a press meanwhile is refused by the licences machine).
            <Button onPressStart={() => void preloadLicenceModals()} onPress={addLicence}>
              Ajouter une licence
            </Button>
          )}
        </div>

        {/* Under the list's heading, not above the section: what the data brings in only pushes
            down what the data brings in too (docs/performance.md: CLS). */}
        {listState.limitWarning !== null ? <LimitWarning message={listState.limitWarning} /> : null}

        <LicenceList
          list={listState}
          onReload={reload}
          onEdit={editLicence}
          onDelete={deleteLicence}
        />
      </section>

      {modal === 'closed' ? null : (
        <Suspense fallback={null}>
          <LicenceFormModal view={view} />
          <DeleteLicenceModal view={view} />
        </Suspense>
      )}
    </>
  );
}

/** The list's body (its items, its loading, error or empty state), rendered from the deferred state. */
const LicenceList = memo(function LicenceList({
  list: { items, loading, loadError, blocked, report },
  onReload,
  onEdit,
  onDelete,
}: {
  list: View['list'];
  onReload: () => void;
  onEdit: (licence: Licence) => void;
  onDelete: (licence: Licence) => void;
}) {
  // The reports' time: the services' clock (a simulated one in tests), read as the rows render.
  const now = timeOf(useServices().clock);
  return loadError !== null ? (
    <PanelError message={loadError} onRetry={onReload} />
  ) : loading && items.length === 0 ? (
    <Spinner label="Chargement des licences…" />
  ) : items.length === 0 && blocked !== null ? (
    // Adding is impossible: no invitation to press a disabled button, but why and where to go.
    <div className="empty-state">
      <p>Vous n’avez encore aucune licence.</p>
      <p>Ajouter une licence demande un abonnement actif avec des licences disponibles.</p>
      <ButtonLink variant="secondary" href={plansHref}>
        Mon abonnement
      </ButtonLink>
    </div>
  ) : items.length === 0 ? (
    <div className="empty-state">
      <p>Vous n’avez encore aucune licence.</p>
      <p>
        Cliquez sur « Ajouter une licence » et indiquez votre domaine personnalisé et celui de votre
        boutique Shopify pour activer le thème.
      </p>
    </div>
  ) : (
    <LicenceItems busy={loading}>
      {items.map(({ licence, summary }) => (
        <LicenceRow
          key={licence._id}
          licence={licence}
          summary={summary}
          onEdit={withModals(() => onEdit(licence))}
          onDelete={withModals(() => onDelete(licence))}
          report={
            <Suspense fallback={null}>
              <LicenceReport licence={licence} context={report} now={now} />
            </Suspense>
          }
        />
      ))}
    </LicenceItems>
  );
});

/**
 * The usage card with access: its badge and figures (core's `usageCardOf`: 'Illimité' for the
 * limit and what remains, when unlimited). The served frame draws it from this same markup
 * (frame/DashboardFrame.tsx), where the figures are its slots' text.
 */
export function UsageCard({
  card: { badge, used, limit, remaining, remainingHighlighted },
}: {
  card: UsageCardView;
}) {
  return (
    <Card className="usage-card" aria-labelledby="usage-title">
      <div className="usage-card__head">
        <h3 id="usage-title">Utilisation des licences</h3>
        <Badge tone={badge.kind === 'limitReached' ? 'accent' : 'success'}>{badge.label}</Badge>
      </div>
      <dl className="usage-card__figures">
        <div>
          <dt>Utilisées</dt>
          <dd>{used}</dd>
        </div>
        <div>
          <dt>Limite</dt>
          <dd>{limit}</dd>
        </div>
        <div data-highlighted={remainingHighlighted || undefined}>
          <dt>Restantes</dt>
          <dd>{remaining}</dd>
        </div>
      </dl>
    </Card>
  );
}

/** 'Ajouter une licence' while unavailable: focusable, so the reason can be found with the keyboard. */
export function AddLicenceUnavailable({ reason, reasonId }: { reason: string; reasonId: string }) {
  return (
    <DisabledButton reason={reason} reasonId={reasonId}>
      Ajouter une licence
    </DisabledButton>
  );
}

/** The warning at the limit, under the list's heading. */
export function LimitWarning({ message }: { message: string }) {
  return (
    <div id={limitWarningId} className="panel-warning">
      <Banner tone="warning">{message}</Banner>
      <ButtonLink variant="secondary" href={plansHref}>
        Changer de formule
      </ButtonLink>
    </div>
  );
}

/** The list's items; the served frame draws its first rows into the same (frame/DashboardFrame.tsx). */
export function LicenceItems({ busy, children }: { busy?: boolean; children: ReactNode }) {
  return (
    <ul className="licence-items" aria-busy={busy || undefined}>
      {children}
    </ul>
  );
}

/**
 * A licence's card, from what it shows (its summary: core's `licenceSummaryOf`). The served frame
 * draws its first rows from this same markup, rendered at build time (frame/DashboardFrame.tsx).
 * Its report's place is kept, empty in the frame and until the report's chunk comes.
 */
export function LicenceRow({
  licence,
  summary,
  onEdit,
  onDelete,
  report,
}: {
  licence: Pick<Licence, 'custom_domain' | 'shop_domain' | 'theme_name'>;
  summary: LicenceSummary;
  onEdit: () => void;
  onDelete: () => void;
  report?: ReactNode;
}) {
  return (
    <li className="licence-item">
      <article aria-label={licence.custom_domain}>
        <div className="licence-item__head">
          <h4>{licence.custom_domain}</h4>
          <Badge tone={summary.active ? 'success' : 'accent'}>{summary.status}</Badge>
        </div>
        <dl className="licence-item__details">
          <div>
            <dt>Domaine Shopify</dt>
            <dd>{licence.shop_domain}</dd>
          </div>
          <div>
            <dt>Thème</dt>
            <dd>{licence.theme_name}</dd>
          </div>
          <div>
            <dt>Expiration</dt>
            <dd>{summary.expiry}</dd>
          </div>
        </dl>
        <div className="licence-item__report">{report}</div>
        <div className="licence-item__actions">
          <Button
            variant="secondary"
            onPress={onEdit}
            aria-label={`Modifier ${licence.custom_domain}`}
          >
            Modifier
          </Button>
          <Button
            variant="ghost"
            onPress={onDelete}
            aria-label={`Supprimer ${licence.custom_domain}`}
          >
            Supprimer
          </Button>
        </div>
      </article>
    </li>
  );
}
