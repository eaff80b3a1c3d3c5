import { use } from 'react';
import type { ShellData, UserState } from '../data/types';
import type { Activation } from '../registry/activate';
import { SideTable } from '../util/side-table';

/**
 * Never settles: what a per-request part waits on while a page's shared parts are prerendered. Not a promise: React
 * subscribes each suspended render to what it waits on (`then`), and a promise that never settles would keep every
 * callback, with its render and request, for the life of the process; this one keeps nothing it is given.
 */
const NEVER: PromiseLike<never> = { then: () => NEVER };

/**
 * Suspends the component that calls it for the rest of a prerender (only ever called while prerendering): the
 * prerender's end leaves the nearest Suspense boundary a hole, which each response fills with its own render.
 */
export function postpone(): never {
  // `use` may be called conditionally, in any function a render calls (here: a component, or a getter it reads).
  // eslint-disable-next-line react-hooks/rules-of-hooks
  return use(NEVER);
}

/** Side tables, not WeakMaps: their keys are one request's, which must die young (core/util/side-table.ts). */
const perUserIds = /* @__PURE__ */ new SideTable<Activation, ReadonlySet<string>>('per-user loaders');

/** The ids of the activation's loaders whose result is the user's own (`perUser`). */
export function perUserLoaders(activation: Activation): ReadonlySet<string> {
  let ids = perUserIds.get(activation);
  if (!ids) perUserIds.set(activation, (ids = new Set(activation.loaders.filter((l) => l.def.perUser).map((l) => `${l.pluginId}/${l.def.key}`))));
  return ids;
}

/** The loaders' data without the results that are the user's own: what a page prerendered for every user is made of. */
export function everyUsersLoaderData(activation: Activation, loaderData: Record<string, unknown>): Record<string, unknown> {
  const own = perUserLoaders(activation);
  return own.size ? Object.fromEntries(Object.entries(loaderData).filter(([id]) => !own.has(id))) : loaderData;
}

const postponingUsers = /* @__PURE__ */ new SideTable<ShellData, ShellData>('data with the user postponed');

/**
 * The core data as a page prerendered for every logged-in user sees it: the user's `isLogin` (part of what the
 * prerendered page is kept by), and any other field of the user postpones the part reading it (a hole each response
 * fills with its own user).
 */
export function withUserPostponed(data: ShellData): ShellData {
  let seen = postponingUsers.get(data);
  if (!seen) {
    const user = new Proxy(data.user, {
      get: (target, field: keyof UserState) => (field === 'isLogin' ? target.isLogin : postpone()),
      has: () => postpone(),
      ownKeys: () => postpone(),
    });
    postponingUsers.set(data, (seen = { ...data, user }));
  }
  return seen;
}
