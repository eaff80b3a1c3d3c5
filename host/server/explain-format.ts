import type { HttpCallEvent } from '../../core/http/client';
import type { GuardTrace, LoaderTrace } from '../../core/registry/run';

/** Everything `npm run explain` found out about one request (also its `--json` output). */
export interface Explanation {
  request: { region: string; domain: string; url: string; host: string; persona: string; uid: string | null; loggedIn: boolean; locale: string };
  /** Redirects the host made before the page's own pipeline (locale canonical forms). */
  hops: Array<{ from: string; status: number; to: string; by: string }>;
  /** `firstRender`: the plugins the browser activates before hydrating (the others after, but `serverOnly`: never). */
  plan: { order: string[]; off: Array<{ pluginId: string; why: string }>; firstRender: string[]; serverOnly: string[] };
  /** Each rollout flag evaluated for the request (core/flags): the variant served and OpenFeature's reason. */
  flags: Array<{ key: string; variant?: string; reason: string; errorCode?: string; warning?: string }>;
  /** The context the flags were evaluated with (fields it could not set are absent); null when no page was rendered. */
  flagContext: Record<string, unknown> | null;
  guards: GuardTrace[];
  redirect: { status: number; to: string; by: string } | null;
  /** Another app's page (`otherApps.paths`): the prefix it falls under and the server's answer (hand-off.ts). */
  handOff: { prefix: string; status: number; to?: string } | null;
  route: { pattern: string; owner: string; status: number; params: Record<string, string> } | null;
  status: number;
  slots: Array<{ name: string; policy: string; items: Array<{ id: string; pluginId: string; priority: number; active: boolean | 'error' }> }>;
  loaders: Array<Omit<LoaderTrace, 'value'> & { value?: string }>;
  calls: HttpCallEvent[];
  /** Gzip bytes of the page's scripts and styles per owner (a plugin or the shell): host/server/attribution.ts. */
  bytes: Array<{ owner: string; files: number; bytes: number }>;
  logs: string[];
}

const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;

/** The human-readable report. */
export function formatExplanation(e: Explanation): string {
  const lines: string[] = [];
  const r = e.request;
  lines.push(
    `${r.host}${r.url}  (region ${r.region}, ${r.domain}; locale ${r.locale}; persona ${r.persona}${r.loggedIn ? ', logged in' : ', visitor'}${r.uid ? `; uid ${r.uid}` : ''})`,
    '',
  );
  for (const h of e.hops) lines.push(`host redirect: ${h.from} → ${h.status} ${h.to} (${h.by})`);
  if (e.hops.length) lines.push('');

  lines.push(`Plan: ${e.plan.order.length} plugins, in activation order`, `  ${e.plan.order.join(' → ')}`);
  for (const o of e.plan.off) lines.push(`  off: ${o.pluginId}: ${o.why}`);
  if (e.plan.firstRender.length) {
    const later = e.plan.order.filter((id) => !e.plan.firstRender.includes(id) && !e.plan.serverOnly.includes(id));
    lines.push(`  first render (loaded before hydrating): ${e.plan.firstRender.join(', ')}`);
    if (later.length) lines.push(`  after hydration (nothing of theirs on this page's first render): ${later.join(', ')}`);
    if (e.plan.serverOnly.length) lines.push(`  not in the browser (nothing to do on this page): ${e.plan.serverOnly.join(', ')}`);
  }
  lines.push('');

  lines.push("Rollout flags (region-configs/flags.json or the region's provider)");
  if (e.flagContext)
    lines.push(
      `  context: ${Object.entries(e.flagContext)
        .filter(([, v]) => v !== undefined)
        .map(([k, v]) => `${k} ${JSON.stringify(v)}`)
        .join(', ')}`,
    );
  if (!e.flags.length) lines.push('  (none evaluated)');
  for (const f of e.flags)
    lines.push(
      `  ${f.key}: ${f.variant ?? '(no variant)'}, ${f.reason}${f.errorCode ? ` (${f.errorCode}: the region config's value stands)` : ''}${f.warning ? `\n    warning: ${f.warning}` : ''}`,
    );
  lines.push('');

  lines.push('Guards');
  if (!e.guards.length) lines.push('  (none ran)');
  for (const g of e.guards)
    lines.push(
      `  ${g.pluginId}: ${g.error ? `threw (${g.error}); skipped` : g.redirect ? `redirect to ${g.redirect}` : 'pass'}${g.reason ? ` — ${g.reason}` : ''}`,
    );
  lines.push(
    e.redirect
      ? `Redirect: ${e.redirect.status} → ${e.redirect.to} (by the ${e.redirect.by})`
      : e.handOff
        ? `Hand-off: '${e.handOff.prefix}' is another app's (otherApps.paths): ${handOffAnswer(e.handOff)}`
        : `Answer: ${e.status}${e.route ? ` from route '${e.route.pattern}' of ${e.route.owner === 'host' ? 'the host' : `plugin '${e.route.owner}'`}` : ''}`,
    '',
  );

  lines.push(...slotLines(e.slots));

  lines.push('Loaders');
  if (!e.loaders.length) lines.push(e.redirect ? '  (none: the request redirects)' : '  (none)');
  for (const l of e.loaders)
    lines.push(`  ${l.key}: ${l.outcome}${l.outcome === 'not due' ? '' : ` in ${l.ms} ms`}${l.error ? ` — ${l.error}` : ''}${l.value ? `  ${l.value}` : ''}`);
  lines.push('');

  lines.push('Back-end calls');
  if (!e.calls.length) lines.push('  (none)');
  for (const c of e.calls)
    lines.push(
      c.kind === 'default'
        ? `  ${c.path}: the documented default was used`
        : `  ${c.path}: ${c.outcome}${c.outcome === 'shared' ? ' (from the 30 s cache of replies without user data)' : ''} in ${Math.round(c.seconds * 1000)} ms`,
    );
  lines.push('');

  if (e.bytes.length) {
    const total = e.bytes.reduce((n, b) => n + b.bytes, 0);
    lines.push(`Bytes of the page's scripts and styles (gzip): ${kb(total)}`);
    for (const b of e.bytes) lines.push(`  ${b.owner.padEnd(16)} ${kb(b.bytes).padStart(9)}  ${b.files} file${b.files === 1 ? '' : 's'}`);
    lines.push('');
  }
  if (e.logs.length) lines.push('Server log during the request', ...e.logs.map((l) => `  ${l}`), '');
  return `${lines.join('\n')}\n`;
}

/** What the server answered for another app's page (host/server/hand-off.ts). */
function handOffAnswer(h: NonNullable<Explanation['handOff']>): string {
  if (h.to) return `${h.status} → ${h.to} (otherApps.origin)`;
  if (h.status === 200) return "200, the fake API's placeholder page of that app";
  if (h.status === 503) return '503: no otherApps.origin and no fake API';
  return `${h.status}`;
}

/** The slots section: each slot's policy, what shows, and every item with its priority (none when no slot has items). */
function slotLines(slots: Explanation['slots']): string[] {
  if (!slots.length) return [];
  const lines: string[] = [];
  lines.push("Slots (active with this request's data)");
  for (const s of slots) {
    const active = s.items.filter((i) => i.active === true);
    const note =
      s.policy === 'queue'
        ? `browser only, one at a time: ${
            active.length
              ? `shows ${active[0].id}${
                  active.length > 1
                    ? `, then waiting: ${active
                        .slice(1)
                        .map((i) => i.id)
                        .join(', ')}`
                    : ''
                }`
              : 'nothing to show'
          }`
        : s.policy === 'single'
          ? `${active.length ? `${active[0].id} wins` : 'nothing shows'}`
          : `${active.length} of ${s.items.length} show`;
    lines.push(`  ${s.name} (${s.policy}): ${note}`);
    for (const i of s.items)
      lines.push(
        `    ${i.active === true ? '●' : i.active === 'error' ? '!' : '○'} ${i.id}  priority ${i.priority}${i.active === 'error' ? '  (active threw)' : ''}`,
      );
  }
  lines.push('');
  return lines;
}
