/**
 * The API answers the served frame draws the licences tab from (its loader's early calls), which
 * the tabs' panels load too. Apart from the drawing (licencesTab.ts), so that a tab naming its early
 * calls does not bring the drawing's code.
 */
export const licencesPath = '/api/client/licenses';
export const currentSubscriptionPath = '/api/client/subscription/current';
