import { licenceStanding, type LicenceStanding } from '../domain/licence-verification.ts';
import { messages } from '../domain/messages.ts';
import type { SubscriptionState } from '../domain/subscription-status.ts';
import { compareThemeVersions, themeUpdateFor } from '../domain/theme-releases.ts';
import type { Licence } from './licences.types.ts';

/**
 * What a licence's row says of the theme in its shop (docs/product.md#licences-tab): its standing
 * as the verification judges it, when, where and with which version the theme last reported,
 * and the newer version. Apart from the list's view model: its words load after the first screen
 * (docs/performance.md, 'The licence report').
 */

// Built on first use, as formatting.ts builds its own: here, apart from the first screen's code, so
// neither the formatter nor its locale data come with it (docs/performance.md, 'The licence report').
let relativeTime: Intl.RelativeTimeFormat | undefined;

/** The largest unit that fits is the one said ('il y a 3 jours', not 'il y a 72 heures'). */
const agoUnits: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 86_400],
  ['month', 30 * 86_400],
  ['day', 86_400],
  ['hour', 3_600],
  ['minute', 60],
];

/**
 * How long before `now` (milliseconds) `then` was, in French ('il y a 5 minutes'); null under a
 * minute, ahead of `now` or without a usable date.
 */
export function formatTimeAgo(then: string | number | Date, now: number): string | null {
  const seconds = (now - new Date(then).getTime()) / 1000;
  const unit = agoUnits.find(([, size]) => seconds >= size);
  return unit === undefined
    ? null
    : (relativeTime ??= new Intl.RelativeTimeFormat('fr-FR', { numeric: 'always' })).format(
        -Math.floor(seconds / unit[1]),
        unit[0],
      );
}

/** What the list knows beside each licence: the latest release, the subscription's status. */
export interface LicenceReportContext {
  latestVersion: string | null;
  /** Unknown (an older server): the licence's own status stands for it. */
  subscription: SubscriptionState | null;
}

export interface LicenceReport {
  /** The standing in words ('Suspendue : …'); `standing` for its tone. */
  status: { standing: LicenceStanding; text: string };
  /** 'Vérifiée il y a 5 minutes', or that the theme never reported. */
  seen: string;
  /** 'Sur www.boutique.fr, version 2.0.0'; null until the theme reported. */
  where: string | null;
  /** The newer version and the link to its notes ('Thème' tab); 'Version à jour'; or null. */
  version:
    | { kind: 'update'; text: string; notes: { label: string; href: string } }
    | { kind: 'upToDate'; text: string }
    | null;
}

type ReportedLicence = Pick<
  Licence,
  | 'status'
  | 'last_seen_at'
  | 'last_seen_host'
  | 'last_seen_version'
  | 'suspended_at'
  | 'suspension_reason'
>;

/** The 'Thème' tab's notes of a release (its anchor there). */
export const releaseNotesHref = (version: string) => `/dashboard?tab=themes#version-${version}`;

function statusText(
  standing: LicenceStanding,
  licence: ReportedLicence,
  context: LicenceReportContext,
) {
  const words = messages.licenceReport;
  switch (standing) {
    case 'suspended': {
      const reason = licence.suspension_reason?.trim();
      return reason ? words.suspended(reason) : words.suspendedNoReason;
    }
    case 'noAccess':
      return context.subscription === 'trial_ended' ? words.trialEnded : words.subscriptionEnded;
    default:
      return words[standing];
  }
}

/** The row's report at `now` (milliseconds: the services' clock). */
export function licenceReportOf(
  licence: ReportedLicence,
  context: LicenceReportContext,
  now: number,
): LicenceReport {
  const words = messages.licenceReport;
  const { subscription } = context;
  const standing = licenceStanding({
    status: licence.status,
    suspended: licence.suspended_at != null,
    // Without a subscription, or unknown: the judgement reads the absence, or the licence's status.
    subscription: subscription === 'none' ? undefined : (subscription ?? 'active'),
  });
  const host = licence.last_seen_host;
  const seenAt = licence.last_seen_at;
  const reported = licence.last_seen_version ?? null;
  const ago = seenAt == null ? null : formatTimeAgo(seenAt, now);
  return {
    status: { standing, text: statusText(standing, licence, context) },
    seen: seenAt == null ? words.neverSeen : ago === null ? words.seenJustNow : words.seenAgo(ago),
    where:
      seenAt == null || host == null
        ? null
        : reported === null
          ? words.whereNoVersion(host)
          : words.where(host, reported),
    version: versionOf(reported, context.latestVersion),
  };
}

function versionOf(reported: string | null, latest: string | null): LicenceReport['version'] {
  if (reported === null || latest === null) return null;
  const update = themeUpdateFor(reported, latest);
  if (update !== null) {
    return {
      kind: 'update',
      text: messages.themeReleases.updateAvailable(update),
      notes: { label: messages.licenceReport.notes, href: releaseNotesHref(update) },
    };
  }
  // A version that is not one is said as reported, never as up to date.
  return compareThemeVersions(reported, latest) === undefined
    ? null
    : { kind: 'upToDate', text: messages.licenceReport.upToDate };
}
