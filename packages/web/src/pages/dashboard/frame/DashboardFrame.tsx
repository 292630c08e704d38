import { tokenKeys } from '@portal/core';
import type { EarlyCallPlan } from '../../../app/earlyCalls.ts';
import { Shell } from '../../../shell/Shell.tsx';
import DashboardPage from '../DashboardPage.tsx';
import {
  AddLicenceUnavailable,
  LicenceItems,
  LicenceRow,
  LimitWarning,
  limitWarningId,
  UsageCard,
} from '../panels/LicencesPanel.tsx';
import {
  currentSubscriptionPath,
  licencesTabTemplateId,
  licencesPath,
  tabSlots,
  usageCardVariants,
} from './licencesTab.ts';

/**
 * What the server sends for /dashboard before the app (docs/performance.md, 'The dashboard's
 * frame'), rendered at build time by scripts/prerender.mjs: the shell and the default tab's panel
 * as the app draws them while the customer's data loads (headings, the usage card's and the list's
 * placeholders at their final size). It is the same for everyone, so it shows nothing of the
 * customer: without a session there is no user block (the sidebar's section is filled by the app)
 * and no data, until its own script draws the usage card and the licence list from the early
 * calls' answers (licencesTab.ts, from the parts of this template). The app replaces it with its
 * first screen (app/prerendered.ts, `takeOverFrame`).
 */
export function DashboardFrame() {
  return (
    <>
      <Shell>
        <DashboardPage />
      </Shell>
      <template id={licencesTabTemplateId}>
        <LimitWarning message={tabSlots.warning} />
        <AddLicenceUnavailable reason={tabSlots.warning} reasonId={limitWarningId} />
        <LicenceItems>
          {[true, false].map((active) => (
            <LicenceRow
              key={String(active)}
              licence={{
                custom_domain: tabSlots.customDomain,
                shop_domain: tabSlots.shopDomain,
                theme_name: tabSlots.themeName,
              }}
              summary={{ active, status: tabSlots.status, expiry: tabSlots.expiry }}
              onEdit={() => undefined}
              onDelete={() => undefined}
            />
          ))}
        </LicenceItems>
        {usageCardVariants.map(({ badge, remainingHighlighted }) => (
          <UsageCard
            key={`${badge}-${String(remainingHighlighted)}`}
            usage={{
              licensesUsed: tabSlots.used,
              licensesLimit: tabSlots.limit,
              licensesRemaining: tabSlots.remaining,
            }}
            badge={{ kind: badge, label: tabSlots.badge }}
            remainingHighlighted={remainingHighlighted}
          />
        ))}
      </template>
    </>
  );
}

const profile = '/api/client/profile';
const current = currentSubscriptionPath;
const licences = licencesPath;

/**
 * The calls the dashboard's first screen makes, sent by the frame's loader with the stored token
 * (app/earlyCalls.ts): the customer (every tab, for the session), then what the tab's panel loads.
 */
export const dashboardEarlyCalls: EarlyCallPlan = {
  tokenKey: tokenKeys.access,
  byTab: {
    licences: [profile, licences, current],
    themes: [profile],
    trendtrack: [profile],
    profil: [profile, current],
    subscription: [profile, current],
  },
  fallback: [profile, licences, current],
};
