import type { components } from '../api/schema.gen.ts';
import { isValidLabel } from './domains.ts';
import { messages } from './messages.ts';
import { accessRefusal, givesAccess, type SubscriptionStatus } from './subscription-status.ts';

/**
 * Who may run the theme (docs/product.md, 'Licence verification'): the rule the server's
 * `POST /api/licences/verify` applies and signs. Pure: the server hands it a shop's licences,
 * each with the status `effectiveStatus` gives its customer's subscription now.
 */

export type LicenceVerification = components['schemas']['LicenceVerification'];
export type VerificationStatus = LicenceVerification['status'];
export type LicenceTokenClaims = components['schemas']['LicenceTokenClaims'];

/** Seconds until the theme checks again, which is also the token's lifetime. */
export const CHECK_AGAIN_IN = {
  /** `active` and `trial`: twice a day. */
  positive: 43_200,
  /** `grace` and `inactive`: every hour, so a fixed payment or a new licence shows soon. */
  negative: 3_600,
} as const satisfies Record<string, LicenceVerification['check_again_in']>;

/** 'Last seen' is written at most this often per licence (seconds). */
export const LAST_SEEN_INTERVAL_SECONDS = 300;

/** Longer than any host name with a port and a trailing dot (253 + 1 + 6): the contract's limit. */
export const HOST_MAX_LENGTH = 260;

/** What never belongs to a host name: paths, user info, queries, escapes, spaces, controls. */
// eslint-disable-next-line no-control-regex -- control characters are exactly what this refuses.
const notInAHost = /[\s/\\?#@%\u0000-\u001f\u007f]/u;

/**
 * A storefront's host as the licence compares it: lower case, without its port or trailing dot,
 * an international name in punycode (`Bücher.DE.:443` -> `xn--bcher-kva.de`), an IPv4 address
 * in dotted form, an IPv6 one in brackets. Undefined when it is no host name (a URL, a path,
 * user info, spaces, an empty or bad label).
 */
export function normalizeHost(input: string): string | undefined {
  const trimmed = input.trim();
  if (trimmed === '' || trimmed.length > HOST_MAX_LENGTH || notInAHost.test(trimmed)) {
    return undefined;
  }
  let hostname: string;
  try {
    // The WHATWG URL parser does the IDNA mapping, the IPv4 forms and the port's removal.
    hostname = new URL(`http://${trimmed}`).hostname;
  } catch {
    return undefined;
  }
  const host = hostname.endsWith('.') ? hostname.slice(0, -1) : hostname;
  if (host.startsWith('[')) return host;
  if (host === '' || host.length > 253) return undefined;
  return host.split('.').every(isValidLabel) ? host : undefined;
}

/** The domains a licence pairs, as stored (both already lower case, see domains.ts). */
export interface PairedDomains {
  custom_domain: string;
  shop_domain: string;
}

/**
 * The hosts a licence allows: its custom domain, that domain's `www.` form (or its bare form
 * when it is the `www.` one: a shop serves one and redirects the other), the shop's own domain.
 */
export function licenceHosts(licence: PairedDomains): string[] {
  const custom = licence.custom_domain;
  const other = custom.startsWith('www.') ? custom.slice(4) : `www.${custom}`;
  return [custom, other, licence.shop_domain];
}

/** A licence of the shop, with what the verdict needs to know about it now. */
export interface VerifiableLicence extends PairedDomains {
  id: string;
  /** As stored: `active`, or `inactive` once a plan change set it aside. */
  status: string;
  suspended: boolean;
  /** Its customer's subscription as `effectiveStatus` judges it now; undefined without one. */
  subscription: SubscriptionStatus | undefined;
  /** The subscription's plan name; null without a subscription. */
  plan: string | null;
}

export interface Verdict {
  status: VerificationStatus;
  /** For the shop owner, when the status is neither `active` nor `trial`. */
  message?: string;
  hosts: string[];
  check_again_in: LicenceVerification['check_again_in'];
  /** The licence the verdict is about (none when the shop has none). */
  licence?: VerifiableLicence;
}

const positive = (status: VerificationStatus) => status === 'active' || status === 'trial';

/**
 * Where a licence stands, whatever the host: suspension first, so it is never positive. The one
 * judgement the verification signs and the dashboard's licence list says in words.
 */
export type LicenceStanding = 'suspended' | 'noAccess' | 'setAside' | 'trial' | 'grace' | 'active';

export function licenceStanding(
  licence: Pick<VerifiableLicence, 'status' | 'suspended' | 'subscription'>,
): LicenceStanding {
  if (licence.suspended) return 'suspended';
  if (!givesAccess(licence.subscription)) return 'noAccess';
  if (licence.status !== 'active') return 'setAside';
  if (licence.subscription === 'trialing') return 'trial';
  if (licence.subscription === 'past_due') return 'grace';
  return 'active';
}

/** One licence's own verdict, whatever the host. */
function licenceStatus(licence: VerifiableLicence): {
  status: VerificationStatus;
  message?: string;
} {
  const standing = licenceStanding(licence);
  if (standing === 'suspended') {
    return { status: 'inactive', message: messages.licenceVerification.suspended };
  }
  if (standing === 'noAccess') {
    return { status: 'inactive', message: accessRefusal(licence.subscription) };
  }
  if (standing === 'setAside') {
    return { status: 'inactive', message: messages.licenceVerification.setAside };
  }
  if (standing === 'grace') return { status: 'grace', message: messages.licenceVerification.grace };
  return { status: standing };
}

const rank: Record<VerificationStatus, number> = { active: 0, trial: 1, grace: 2, inactive: 3 };

function verdictOf(
  own: { status: VerificationStatus; message?: string },
  hosts: string[],
  licence?: VerifiableLicence,
): Verdict {
  return {
    ...own,
    hosts,
    check_again_in: positive(own.status) ? CHECK_AGAIN_IN.positive : CHECK_AGAIN_IN.negative,
    ...(licence === undefined ? {} : { licence }),
  };
}

/**
 * The verdict for a storefront: `licences` are the shop's (oldest first), `host` is normalised.
 * The host picks the licence it belongs to (the best one when several allow it, as the shop's
 * own domain does); a host none allows is `inactive`, naming the shop's oldest licence so the
 * theme can say which domains are paired; without a licence, `inactive` for that host alone.
 */
export function licenceVerdict(licences: readonly VerifiableLicence[], host: string): Verdict {
  const candidates = licences
    .filter((licence) => licenceHosts(licence).includes(host))
    .map((licence) => ({ licence, own: licenceStatus(licence) }));
  if (candidates.length > 0) {
    const best = candidates.reduce((kept, next) =>
      rank[next.own.status] < rank[kept.own.status] ? next : kept,
    );
    return verdictOf(best.own, licenceHosts(best.licence), best.licence);
  }
  const [oldest] = licences;
  const notPaired = {
    status: 'inactive' as const,
    message: messages.licenceVerification.hostNotPaired(host),
  };
  return oldest === undefined
    ? verdictOf({ status: 'inactive', message: messages.licenceVerification.noLicence }, [host])
    : verdictOf(notPaired, licenceHosts(oldest), oldest);
}

/** The token's claims for a verdict: `exp` is always `iat + check_again_in`. */
export function licenceTokenClaims(input: {
  verdict: Verdict;
  /** The portal's public origin. */
  issuer: string;
  shop: string;
  latestVersion: string;
  /** Seconds since the epoch. */
  issuedAt: number;
}): LicenceTokenClaims {
  const { verdict, issuedAt } = input;
  const { licence } = verdict;
  return {
    iss: input.issuer,
    aud: input.shop,
    ...(licence === undefined ? {} : { sub: licence.id }),
    status: verdict.status,
    hosts: verdict.hosts,
    ...(licence?.plan == null ? {} : { plan: licence.plan }),
    latest_version: input.latestVersion,
    iat: issuedAt,
    exp: issuedAt + verdict.check_again_in,
  };
}
