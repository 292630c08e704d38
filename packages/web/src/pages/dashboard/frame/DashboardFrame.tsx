import { tokenKeys } from '@portal/core';
import type { EarlyCallPlan } from '../../../app/earlyCalls.ts';
import { Shell } from '../../../shell/Shell.tsx';
import DashboardPage from '../DashboardPage.tsx';
import { perTab } from '../dashboardTabs.ts';
import type { DashboardTab } from '../tabs.ts';
import {
  AddLicenceUnavailable,
  LicenceItems,
  LicenceRow,
  LimitWarning,
  limitWarningId,
  UsageCard,
} from '../tabs/licences/LicencesPanel.tsx';
import { currentSubscriptionPath, licencesPath } from './answers.ts';
import { licencesTabTemplateId, tabSlots, usageCardVariants } from './licencesTab.ts';

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
            card={{
              badge: { kind: badge, label: tabSlots.badge },
              used: tabSlots.used,
              limit: tabSlots.limit,
              remaining: tabSlots.remaining,
              remainingHighlighted,
            }}
          />
        ))}
      </template>
    </>
  );
}

const profile = '/api/client/profile';

/**
 * The calls the dashboard's first screen makes, sent by the frame's loader with the stored token
 * (app/earlyCalls.ts): the customer (every tab, for the session), then what the tab's panel loads
 * (its folder's `earlyCalls`); the default tab's without a known `tab`.
 */
export const dashboardEarlyCalls: EarlyCallPlan<DashboardTab> = {
  tokenKey: tokenKeys.access,
  byTab: perTab((tab) => [profile, ...tab.earlyCalls]),
  fallback: [profile, licencesPath, currentSubscriptionPath],
};
