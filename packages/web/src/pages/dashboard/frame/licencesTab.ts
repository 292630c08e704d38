import {
  licenceSummaryOf,
  limitWarningOf,
  noAccessReasonOf,
  subscriptionStateOf,
  usageCardOf,
  type CurrentSubscription,
  type Licence,
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
 * list with an active row then an inactive one, and the usage card in each of its variants.
 */
export const licencesTabTemplateId = 'licences-tab-template';

/** The usage card's variants, in the template's order: each badge, what remains highlighted or not. */
export const usageCardVariants = (['unlimited', 'limitReached', 'available'] as const).flatMap(
  (badge) => [true, false].map((remainingHighlighted) => ({ badge, remainingHighlighted })),
);

/** What the template's parts show in place of the values. */
export const tabSlots = {
  customDomain: '{custom_domain}',
  shopDomain: '{shop_domain}',
  themeName: '{theme_name}',
  status: '{status}',
  expiry: '{expiry}',
  warning: '{warning}',
  used: '{used}',
  limit: '{limit}',
  remaining: '{remaining}',
  badge: '{badge}',
} as const;

type Values = Partial<Record<keyof typeof tabSlots, string>>;
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

/** The answer's licences when every one has what a row shows; otherwise null (the app decides). */
function licencesOf(body: unknown): Licence[] | null {
  if (!isObject(body) || !Array.isArray(body.licenses)) return null;
  const rows: unknown[] = body.licenses;
  const shown = (item: unknown) =>
    isObject(item) &&
    ['custom_domain', 'shop_domain', 'theme_name', 'status'].every(
      (key) => typeof item[key] === 'string',
    ) &&
    (item.expires_at === undefined ||
      item.expires_at === null ||
      typeof item.expires_at === 'string');
  return rows.every(shown) ? (rows as Licence[]) : null;
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
 * never as markup. `withIds: false` for a part drawn more than once (a row).
 */
function filled(part: Element, values: Values, withIds = true): Element {
  const copy = part.cloneNode(true) as Element;
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
  const [activeRow, inactiveRow] = listPart === undefined ? [] : [...listPart.children];
  if (loading === null || addButton === null || warningPart === undefined) return false;
  if (unavailablePart === undefined || listPart === undefined || card === null) return false;
  if (cardParts.length !== usageCardVariants.length) return false;
  if (activeRow === undefined || inactiveRow === undefined) return false;
  const licences = licencesOf(licencesBody);
  const current = currentOf(currentBody);
  if (licences === null || licences.length === 0 || current === null) return false;
  const state = { usage: current.usage, subscription: subscriptionStateOf(current) };
  if (noAccessReasonOf(state.subscription) !== null) return false;

  const list = listPart.cloneNode(false) as Element;
  for (const licence of licences) {
    const summary = licenceSummaryOf(licence);
    const values = {
      customDomain: licence.custom_domain,
      shopDomain: licence.shop_domain,
      themeName: licence.theme_name,
      status: summary.status,
      expiry: summary.expiry,
    };
    list.append(filled(summary.active ? activeRow : inactiveRow, values, false));
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
