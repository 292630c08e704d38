import {
  licenceSummaryOf,
  limitWarningOf,
  noAccessReasonOf,
  subscriptionStateOf,
  usageCardOf,
  type CurrentSubscription,
  type Licence,
  type LicenceSummary,
} from '@portal/core';

/**
 * The licences tab the served frame draws before the app (docs/performance.md, 'The dashboard's
 * frame'): the data comes from the loader's early calls and the markup from the app's own parts
 * (`UsageCard`, `LicenceRow`, `LimitWarning`, `AddLicenceUnavailable`), rendered at build time
 * into a template with a slot for each value (DashboardFrame.tsx). The frame draws the usage card
 * and the list only when the subscription gives access and there are licences: anything else (no
 * licence, no access, an answer it cannot read) waits for the app.
 */

/**
 * The `<template>` holding, in this order: the limit warning, the add button while unavailable, a
 * list with a row in each tone of `licenceRowTones`, and the usage card in each of its variants.
 */
export const licencesTabTemplateId = 'licences-tab-template';

/** The usage card's variants, in the template's order: each badge, what remains highlighted or not. */
export const usageCardVariants = (['unlimited', 'limitReached', 'available'] as const).flatMap(
  (badge) => [true, false].map((remainingHighlighted) => ({ badge, remainingHighlighted })),
);

/** The licence row's badge tones, in the template's order. */
export const licenceRowTones = ['success', 'accent'] as const satisfies LicenceSummary['tone'][];

/** What the template's parts show in place of the values. */
export const tabSlots = {
  customDomain: '{custom_domain}',
  shopDomain: '{shop_domain}',
  themeName: '{theme_name}',
  status: '{status}',
  expiry: '{expiry}',
  seen: '{seen}',
  update: '{update}',
  verdict: '{verdict}',
  reason: '{reason}',
  warning: '{warning}',
  used: '{used}',
  limit: '{limit}',
  remaining: '{remaining}',
  badge: '{badge}',
} as const;

/** A slot's value; null removes the element that holds that slot alone (a line the row lacks). */
type Values = Partial<Record<keyof typeof tabSlots, string | null>>;
const slotByText = new Map<string, keyof typeof tabSlots>(
  Object.entries(tabSlots).map(([name, slot]) => [slot, name as keyof typeof tabSlots]),
);
const slotPattern = new RegExp(
  Object.values(tabSlots)
    .map((slot) => slot.replace(/[{}]/g, '\\$&'))
    .join('|'),
  'g',
);

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;

const textOrNull = (value: unknown) => value === null || typeof value === 'string';

/**
 * The answer's licences and the theme's latest version when every licence has what a row shows;
 * otherwise null (the app decides).
 */
function licencesOf(body: unknown): { licences: Licence[]; latestVersion: string } | null {
  if (!isObject(body) || !Array.isArray(body.licenses)) return null;
  if (typeof body.latest_version !== 'string') return null;
  const rows: unknown[] = body.licenses;
  const shown = (item: unknown) =>
    isObject(item) &&
    ['custom_domain', 'shop_domain', 'theme_name', 'status'].every(
      (key) => typeof item[key] === 'string',
    ) &&
    [
      'expires_at',
      'last_seen_at',
      'last_seen_host',
      'last_seen_version',
      'suspended_at',
      'suspension_reason',
    ].every((key) => textOrNull(item[key]));
  return rows.every(shown)
    ? { licences: rows as Licence[], latestVersion: body.latest_version }
    : null;
}

/** The current subscription when its usage is there to read; otherwise null. */
function currentOf(body: unknown): CurrentSubscription | null {
  if (!isObject(body) || !isObject(body.usage)) return null;
  const { usage } = body;
  const counts = ['licensesUsed', 'licensesLimit', 'licensesRemaining'];
  return counts.every((key) => typeof usage[key] === 'number')
    ? (body as unknown as CurrentSubscription)
    : null;
}

/**
 * A copy of a template's part with the values in its slots: written as text and attribute values,
 * never as markup; an element holding nothing but a slot whose value is null is left out, as the
 * app leaves out a line the licence lacks. `withIds: false` for a part drawn more than once (a row).
 */
function filled(part: Element, values: Values, withIds = true): Element {
  const copy = part.cloneNode(true) as Element;
  const absent = new Set(
    Object.entries(values)
      .filter(([, value]) => value === null)
      .map(([name]) => tabSlots[name as keyof typeof tabSlots] as string),
  );
  for (const element of [...copy.querySelectorAll('*')])
    if (element.childElementCount === 0 && absent.has(element.textContent ?? '')) element.remove();
  const fill = (text: string) =>
    text.replace(slotPattern, (slot) => {
      const name = slotByText.get(slot);
      return name === undefined ? slot : (values[name] ?? '');
    });
  const walker = copy.ownerDocument.createTreeWalker(copy, 0x1 | 0x4); // elements and text
  for (let node: Node | null = copy; node !== null; node = walker.nextNode()) {
    if (node.nodeType === 3) {
      (node as Text).data = fill((node as Text).data);
      continue;
    }
    const element = node as Element;
    if (!withIds) element.removeAttribute('id');
    for (const attribute of [...element.attributes]) attribute.value = fill(attribute.value);
  }
  return copy;
}

/**
 * Draws the usage card and the licences in place of the frame's placeholders, from the two early
 * answers' bodies, with the limit warning and the unavailable add button at the limit; whether it
 * did (it leaves the frame as it is when the app's first screen would differ).
 */
export function drawLicencesTab(
  frame: ParentNode,
  licencesBody: unknown,
  currentBody: unknown,
): boolean {
  const template = frame.querySelector(`template#${licencesTabTemplateId}`);
  const loading = frame.querySelector('.licences-list .ui-spinner');
  const addButton = frame.querySelector('.licences-list__head .ui-button');
  const parts = template instanceof HTMLTemplateElement ? [...template.content.children] : [];
  const [warningPart, unavailablePart, listPart, ...cardParts] = parts;
  const card = frame.querySelector('.usage-card[aria-busy="true"]');
  const rows = listPart === undefined ? [] : [...listPart.children];
  if (loading === null || addButton === null || warningPart === undefined) return false;
  if (unavailablePart === undefined || listPart === undefined || card === null) return false;
  if (cardParts.length !== usageCardVariants.length) return false;
  if (rows.length !== licenceRowTones.length) return false;
  const listed = licencesOf(licencesBody);
  const current = currentOf(currentBody);
  if (listed === null || listed.licences.length === 0 || current === null) return false;
  const state = { usage: current.usage, subscription: subscriptionStateOf(current) };
  if (noAccessReasonOf(state.subscription) !== null) return false;

  // The browser's clock, as the app's without a test clock (app/flowView.ts).
  const situation = {
    subscription: state.subscription,
    latestVersion: listed.latestVersion,
    now: Date.now(),
  };
  const list = listPart.cloneNode(false) as Element;
  for (const licence of listed.licences) {
    const summary = licenceSummaryOf(licence, situation);
    const row = rows[licenceRowTones.indexOf(summary.tone)];
    if (row === undefined) return false;
    const values = {
      customDomain: licence.custom_domain,
      shopDomain: licence.shop_domain,
      themeName: licence.theme_name,
      status: summary.status,
      expiry: summary.expiry,
      seen: summary.seen,
      update: summary.update,
      verdict: summary.verdict,
      reason: summary.reason,
    };
    list.append(filled(row, values, false));
  }
  const shown = usageCardOf(current.usage);
  const variant = usageCardVariants.findIndex(
    ({ badge, remainingHighlighted }) =>
      badge === shown.badge.kind && remainingHighlighted === shown.remainingHighlighted,
  );
  const cardPart = cardParts[variant];
  if (cardPart === undefined) return false;
  card.replaceWith(
    filled(cardPart, {
      used: shown.used,
      limit: shown.limit,
      remaining: shown.remaining,
      badge: shown.badge.label,
    }),
  );
  const warning = limitWarningOf(state);
  if (warning !== null) {
    addButton.replaceWith(filled(unavailablePart, { warning }));
    loading.before(filled(warningPart, { warning }));
  }
  loading.replaceWith(list);
  return true;
}
