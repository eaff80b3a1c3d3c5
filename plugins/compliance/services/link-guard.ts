import { localePath, safeTarget, type ShellEnv } from '../../../core/plugin-api';
import type { ComplianceOptions } from '../options';
import { decideClickRedirect, decideRedirect, type GateInput } from '../rules/redirect';

/** The gate inputs of this page but the path. */
export function gateContext(env: ShellEnv, options: ComplianceOptions): Omit<GateInput, 'path'> {
  return { menuGate: options.menuGate, compliance: env.state.data.compliance, menuPaths: options.menuPaths, exemptPaths: options.redirectExemptPaths };
}

/**
 * Client navigation guard (the host has no client router yet): a capturing click listener that applies the
 * server guard's decision to same-origin links and goes to the tips page instead. Also re-checks the current
 * page once (e.g. a page restored from the back/forward cache). Every target is a path on the page's origin
 * (`safeTarget`, else the locale's home). Returns its teardown.
 */
export function installLinkGuard(env: ShellEnv, options: ComplianceOptions, win: Window = window): () => void {
  const sameSite = (target: string) => safeTarget(target, localePath(env.langPrefix, '/'), win.location.origin);
  const onClick = (e: MouseEvent) => {
    if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    const anchor = (e.target as Element | null)?.closest?.('a[href]') as HTMLAnchorElement | null;
    if (!anchor || anchor.hasAttribute('download') || (anchor.target && anchor.target !== '_self')) return;
    const to = decideClickRedirect({
      ...gateContext(env, options),
      href: anchor.getAttribute('href') ?? '',
      base: win.location.href,
      langPrefix: env.langPrefix,
    });
    if (!to) return;
    e.preventDefault();
    win.location.assign(sameSite(to));
  };
  win.document.addEventListener('click', onClick, true);
  const here = decideRedirect({ ...gateContext(env, options), path: env.state.route$.value.path });
  if (here) win.location.replace(sameSite(env.href(here)));
  return () => win.document.removeEventListener('click', onClick, true);
}
