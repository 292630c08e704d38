import type { FastifyInstance, onRequestHookHandler } from 'fastify';

/** The guard a route folder puts on every route under its paths. */
export interface FolderGuard {
  /** Paths guarded with everything below them: `/api/admin` guards `/api/admin/licenses/:id`. */
  under: readonly string[];
  hook: onRequestHookHandler;
}

/**
 * One folder of `routes/`: its routes, added to the app itself (see `appRoutes`), and the guard
 * of its paths when they share one. A folder whose routes differ (public and guarded, customer
 * and any account) names each route's guard as an option instead.
 */
export interface RouteFolder {
  guard?: FolderGuard;
  routes(app: FastifyInstance): Promise<void>;
}

const isUnder = (url: string, path: string) => url === path || url.startsWith(`${path}/`);

/**
 * Puts each folder's guard on every route added afterwards under its paths, whichever module
 * adds it, so a new route there cannot be left unguarded. An `onRoute` hook: it runs once as a
 * route is added, never per request, and adds no plugin context (docs/architecture.md,
 * 'packages/server/src').
 */
export function guardFolders(app: FastifyInstance, folders: readonly RouteFolder[]): void {
  const guards = folders.flatMap((folder) => (folder.guard === undefined ? [] : [folder.guard]));
  app.addHook('onRoute', (route) => {
    const matching = guards.filter((guard) => guard.under.some((path) => isUnder(route.url, path)));
    const [guard, other] = matching;
    if (guard === undefined) return;
    if (other !== undefined) throw new Error(`${route.url} is under the paths of two folders`);
    const own = route.onRequest === undefined ? [] : [route.onRequest].flat();
    if (own.includes(guard.hook)) throw new Error(`${route.url} names its folder's guard again`);
    route.onRequest = [guard.hook, ...own];
  });
}
