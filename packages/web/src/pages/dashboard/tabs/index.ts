/**
 * The dashboard's tabs (docs/product.md#dashboard), one line each: its name (the address's
 * `?tab=`) and its folder. Adding a tab is its folder and its line here; every per-tab table
 * (panels, sidebar, early calls) is read from these, typed by their names (`DashboardTab`).
 */
export { tab as licences } from './licences/tab.ts';
export { tab as themes } from './themes/tab.ts';
export { tab as trendtrack } from './trendtrack/tab.ts';
export { tab as profil } from './profil/tab.ts';
export { tab as subscription } from './subscription/tab.ts';
