import { localePath, safeTarget, type ShellEnv } from '../../core/plugin-api';
import { returnTarget } from './navigation';

/** Whether the page is the /login or /signup page (or below it). */
const onAuthPage = (path: string) => /^\/(login|signup)(\/|$)/.test(path);

/**
 * Where a successful login goes: back to the page the user came from (auth pages), or this page again; always a
 * path on this origin (`safeTarget`, else the locale's home).
 */
export function afterLoginTarget(env: ShellEnv): string {
  const route = env.state.route$.value;
  const here = `${window.location.pathname}${window.location.search}${window.location.hash}`;
  if (!onAuthPage(route.path)) return safeTarget(here, localePath(env.langPrefix, '/'), window.location.origin);
  return returnTarget({ redirect: route.query.redirect, referrer: document.referrer, origin: window.location.origin, langPrefix: env.langPrefix });
}

/** Leaves the auth flow logged in: the server renders the next page with the new cookies. */
export function finishLogin(env: ShellEnv): void {
  const target = afterLoginTarget(env);
  const here = `${window.location.pathname}${window.location.search}${window.location.hash}`;
  if (target === here) window.location.reload();
  else window.location.assign(target);
}
