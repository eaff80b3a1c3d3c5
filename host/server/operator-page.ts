/**
 * The operator page (`/__operator`, `/__operator.json`), on only with OPERATOR_TOKEN: what a reload holds back, each
 * region's active version and plugins, the flags' rollouts, the last reloads with their diffs. A bearer token for
 * programs, a sign-in form and session cookie for people; no script, nothing cached. It never writes the live folder:
 * a change an operator edits on the page comes back, once checked, as a patch to apply to the files under review.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { SiteVersion } from './app-context';
import type { ReloadRecord } from './config-audit';
import type { BlockedPart } from './config-blocked';
import type { VariantCounts } from '../../core/flags/metrics';
import type { ChangeRequest, PreparedChange } from './config-change';
import type { ConfigSnapshot } from './config-diff';
import { SERVER_PATHS } from '../app/host-paths';
import { readBoundedText } from './bounded-body';
import { CheckNotRun } from './config-check';
import { clearedSessionCookie, hasSession, isSameOriginPost, MAX_FORM_BYTES, SESSION_SECONDS, sessionCookie } from './operator-session';

/** Reserved paths (host-paths.ts): a plugin route on either is refused by validate. */
export const OPERATOR_PATH = SERVER_PATHS.operator;
export const OPERATOR_JSON_PATH = SERVER_PATHS.operatorJson;

/** The live folder's files as the page edits them (config-change.ts): listed, read, and a change checked into a patch. */
export interface OperatorChanges {
  files(): string[];
  current(file: string): string | null;
  prepare(change: ChangeRequest): Promise<PreparedChange>;
}

/** Largest form read from a signed-in operator, bytes: a 1 MiB file form-encoded, with room for its note. */
const MAX_CHANGE_FORM_BYTES = 4 * 1024 * 1024;

export interface OperatorView {
  version: string;
  pid: number;
  regions: Array<{
    key: string;
    name: string;
    version: string;
    plugins: Array<{ id: string; options: Record<string, unknown> }>;
    disabled: string[];
    /** The region's plugins a rollout flag switches (`plugin.<id>.enabled`, state ENABLED): for everyone, or per request. */
    switched: Array<{ id: string; flag: string; effect: string }>;
  }>;
  flags: Array<{
    key: string;
    state: string;
    variants: Record<string, unknown>;
    defaultVariant: string;
    targeting: string;
    /** Decisions this process made, per variant served ('' when none was named). */
    decisions: Record<string, number>;
  }>;
  /** Parts of the folder the last reload refused (a region file, the flags file, one flag), each serving its last good content. */
  blocked: readonly BlockedPart[];
  reloads: readonly ReloadRecord[];
}

/** What the page shows, from the serving version and the reload audit. */
export function operatorView(
  site: SiteVersion,
  snapshot: ConfigSnapshot,
  reloads: readonly ReloadRecord[],
  blocked: readonly BlockedPart[] = [],
  decisions: VariantCounts = {},
): OperatorView {
  return {
    version: site.version,
    pid: process.pid,
    regions: snapshot.configs.map((c) => {
      const active = site.plans.get(c.key)?.plugins ?? [];
      const ids = new Set(active.map((p) => p.id));
      return {
        key: c.key,
        name: c.name,
        version: site.regionVersions.get(c.key) ?? '',
        plugins: active.map((p) => ({ id: p.id, options: p.options })),
        // Configured but not active: switched off, or dropped with a plugin it requires.
        disabled: Object.keys(c.plugins)
          .filter((id) => !ids.has(id))
          .sort(),
        switched: switchedPlugins(Object.keys(c.plugins), site.flags?.value.flags),
      };
    }),
    flags: flagRows(site.flags?.value.flags, decisions),
    blocked,
    reloads,
  };
}

/** What each enabled `plugin.<id>.enabled` flag does to the listed plugins: the effect for everyone, or its rule. */
function switchedPlugins(listed: string[], flags: unknown): OperatorView['regions'][number]['switched'] {
  if (!isRecord(flags)) return [];
  return listed.sort().flatMap((id) => {
    const key = `plugin.${id}.enabled`;
    const flag = Object.hasOwn(flags, key) ? flags[key] : undefined;
    if (!isRecord(flag) || flag.state !== 'ENABLED' || !isRecord(flag.variants)) return [];
    const byDefault = typeof flag.defaultVariant === 'string' ? flag.variants[flag.defaultVariant] : undefined;
    const ruled = isRecord(flag.targeting) && Object.keys(flag.targeting).length > 0;
    const effect = ruled ? `per request (${targetingSummary(flag.targeting)}); otherwise ${onOff(byDefault)}` : `${onOff(byDefault)} for everyone`;
    return [{ id, flag: key, effect }];
  });
}

const onOff = (value: unknown) => (value === false ? 'off' : value === true ? 'on' : 'as configured');

function flagRows(flags: unknown, decisions: VariantCounts): OperatorView['flags'] {
  if (!isRecord(flags)) return [];
  return Object.entries(flags).map(([key, f]) => {
    const flag = isRecord(f) ? f : {};
    return {
      key,
      state: typeof flag.state === 'string' ? flag.state : '?',
      variants: isRecord(flag.variants) ? flag.variants : {},
      defaultVariant: typeof flag.defaultVariant === 'string' ? flag.defaultVariant : '?',
      targeting: targetingSummary(flag.targeting),
      decisions: Object.hasOwn(decisions, key) ? decisions[key] : {},
    };
  });
}

/** A one-line summary of a JsonLogic targeting rule: its splits and the context fields it reads. */
export function targetingSummary(targeting: unknown): string {
  if (!isRecord(targeting) || !Object.keys(targeting).length) return 'none (default variant for everyone)';
  const vars = new Set<string>();
  const splits: string[] = [];
  const walk = (node: unknown, depth: number): void => {
    if (depth > 32 || typeof node !== 'object' || node === null) return;
    if (Array.isArray(node)) return node.forEach((n) => walk(n, depth + 1));
    for (const [op, arg] of Object.entries(node)) {
      if (op === 'var') vars.add(String(Array.isArray(arg) ? arg[0] : arg));
      if (op === 'fractional' && Array.isArray(arg))
        splits.push(
          arg
            .filter((b): b is unknown[] => Array.isArray(b))
            .map((b) => `${String(b[0])} ${typeof b[1] === 'number' ? b[1] : 1}`)
            .join(' / '),
        );
      walk(arg, depth + 1);
    }
  };
  walk(targeting, 0);
  const parts = [splits.length ? `split ${splits.join('; ')}` : 'rules', vars.size ? `on ${[...vars].sort().join(', ')}` : ''];
  return parts.filter(Boolean).join(' ');
}

/** Compares a request's `Authorization: Bearer …` with the token in constant time (both hashed to the same length). */
export function isAuthorized(header: string | undefined, token: string): boolean {
  const m = /^Bearer[ ]+([\x21-\x7e]{1,1024})[ ]*$/.exec(header ?? '');
  const given = createHash('sha256')
    .update(m?.[1] ?? '')
    .digest();
  const wanted = createHash('sha256').update(token).digest();
  return timingSafeEqual(given, wanted) && !!m;
}

const STYLE = `body{font:15px/1.45 system-ui,sans-serif;margin:0 auto;max-width:60rem;padding:1rem;color:#111;background:#fff}
h1{font-size:1.3rem}h2{font-size:1.1rem;margin-top:2rem}code,pre{font:13px ui-monospace,monospace}
pre{white-space:pre-wrap;overflow-wrap:anywhere;background:#f4f4f4;padding:.5rem;margin:.25rem 0}
table{border-collapse:collapse;width:100%}th,td{text-align:left;vertical-align:top;padding:.3rem;border-bottom:1px solid #ddd;overflow-wrap:anywhere}
section{margin-bottom:1rem}.refused{color:#a00}.applied{color:#060}.muted{color:#555}
label{display:block;margin:.5rem 0 .25rem}input[type=password]{font:inherit;padding:.4rem;width:min(100%,28rem);box-sizing:border-box;margin-bottom:.5rem}
button{font:inherit;padding:.4rem .9rem;cursor:pointer}form{margin:.5rem 0}
textarea{font:13px/1.4 ui-monospace,monospace;width:100%;min-height:24rem;box-sizing:border-box;padding:.4rem}
input[type=text]{font:inherit;padding:.4rem;width:100%;box-sizing:border-box}`;
/** No script at all; the one inline style by its hash; forms post to the page itself only. */
const PAGE_CSP = `default-src 'none'; style-src 'sha256-${createHash('sha256').update(STYLE).digest('base64')}'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'`;

/** Escapes text for HTML content and attribute values. */
export function escapeHtml(value: unknown): string {
  return String(value).replace(/[&<>"'`]/g, (c) => `&#${c.charCodeAt(0)};`);
}

const json = (v: unknown) => `<pre>${escapeHtml(JSON.stringify(v, null, 2))}</pre>`;

function regionSection(r: OperatorView['regions'][number]): string {
  const plugins = r.plugins.map((p) => `<details><summary><code>${escapeHtml(p.id)}</code></summary>${json(p.options)}</details>`).join('');
  const off = r.disabled.length ? `<p>Off: ${r.disabled.map((id) => `<code>${escapeHtml(id)}</code>`).join(', ')}</p>` : '';
  const switched = r.switched.length
    ? `<p>Switched by rollout flags:</p><ul>${r.switched.map((f) => `<li><code>${escapeHtml(f.id)}</code> (<code>${escapeHtml(f.flag)}</code>): ${escapeHtml(f.effect)}</li>`).join('')}</ul>`
    : '';
  return `<section><h3>${escapeHtml(r.key)} — ${escapeHtml(r.name)} <code>${escapeHtml(r.version)}</code></h3>${switched}${plugins}${off}</section>`;
}

function flagRow(f: OperatorView['flags'][number]): string {
  const cells = [
    `<code>${escapeHtml(f.key)}</code>`,
    escapeHtml(f.state),
    `<code>${escapeHtml(f.defaultVariant)}</code>`,
    json(f.variants),
    escapeHtml(f.targeting),
    decisionsCell(f.decisions),
  ];
  return `<tr>${cells.map((c) => `<td>${c}</td>`).join('')}</tr>`;
}

/** How many decisions went to each variant, most first ('' shown as no variant: an error or the code default). */
function decisionsCell(decisions: Record<string, number>): string {
  const rows = Object.entries(decisions).sort((a, b) => b[1] - a[1]);
  if (!rows.length) return '<span class="muted">none yet</span>';
  return rows.map(([variant, n]) => `${variant ? `<code>${escapeHtml(variant)}</code>` : '<span class="muted">no variant</span>'} ${n}`).join('<br>');
}

function blockedRow(b: BlockedPart): string {
  const serving = b.serving === 'last good' ? 'its last good content' : 'nothing (it never applied)';
  return `<tr><td><code>${escapeHtml(b.part)}</code></td><td>${escapeHtml(b.since)}</td><td>${escapeHtml(serving)}</td><td>${json(b.problems)}</td></tr>`;
}

/** Who made the change and why, from the folder's change note; a note left from an earlier change says so. */
function changeCell(change: ReloadRecord['change'] | undefined): string {
  if (!change) return '<span class="muted">no change note</span>';
  const who = `${escapeHtml(change.actor ?? 'unnamed')}${change.comment ? `: ${escapeHtml(change.comment)}` : ''}`;
  return change.fresh ? who : `<span class="muted">${who} (note left from an earlier change)</span>`;
}

function reloadRow(r: ReloadRecord): string {
  const what = [r.diff ? json(r.diff) : '', r.problems.length ? json(r.problems) : ''].join('');
  return `<tr><td>${escapeHtml(r.time)}</td><td>${escapeHtml(r.source)}</td><td class="${escapeHtml(r.outcome)}">${escapeHtml(r.outcome)}</td><td><code>${escapeHtml(r.before ?? '-')} → ${escapeHtml(r.after)}</code></td><td>${changeCell(r.change)}</td><td>${what}</td></tr>`;
}

/** The page's HTML: every value escaped; a browser signed in with the form gets a sign-out button, one the proxy signed in its name. */
export function operatorHtml(
  view: OperatorView,
  { signedIn = false, identity, files = [] }: { signedIn?: boolean; identity?: string; files?: readonly string[] } = {},
): string {
  const flags = view.flags.length
    ? `<table><tr><th>Flag</th><th>State</th><th>Default</th><th>Variants</th><th>Targeting</th><th>Decisions of this process, by variant</th></tr>${view.flags.map(flagRow).join('')}</table>`
    : '<p>No flags file, or no flags.</p>';
  const blocked = view.blocked.length
    ? `<h2 class="refused">Blocked: refused by the last reload, the rest applied</h2><table><tr><th>File or flag</th><th>Since</th><th>Serving</th><th>Problems</th></tr>${view.blocked.map(blockedRow).join('')}</table>`
    : '';
  return `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex"><title>Operator: configuration ${escapeHtml(view.version)}</title><style>${STYLE}</style></head><body>
${identity ? `<p>Signed in as <strong>${escapeHtml(identity)}</strong> by your proxy.</p>` : ''}${signedIn ? `<form method="post" action="${OPERATOR_PATH}"><input type="hidden" name="action" value="sign-out"><button type="submit">Sign out</button></form>` : ''}<h1>Configuration <code>${escapeHtml(view.version)}</code></h1><p>Process ${escapeHtml(view.pid)}; each worker process loads the folder itself.</p>
${blocked}<h2>Regions</h2>${view.regions.map(regionSection).join('')}
<h2>Flags</h2>${flags}
${files.length ? prepareSection(files) : ''}<h2>Last reloads (newest first)</h2><table><tr><th>Time</th><th>From</th><th>Outcome</th><th>Version</th><th>By and why</th><th>Changes or problems</th></tr>${view.reloads.map(reloadRow).join('')}</table>
</body></html>`;
}

function prepareSection(files: readonly string[]): string {
  const links = files.map((f) => `<li><a href="${OPERATOR_PATH}?edit=${encodeURIComponent(f)}"><code>${escapeHtml(f)}</code></a></li>`).join('');
  return `<h2>Prepare a change</h2><p>Edit a file here to check it with the rest of the folder, as <code>npm run validate</code> and a reload do; a valid change comes back as a patch to apply to the files under review. This page never changes the live folder.</p><ul>${links}</ul>`;
}

/** The head and opening of every page but the main one. */
const pageStart = (title: string) =>
  `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex"><title>Operator: ${escapeHtml(title)}</title><style>${STYLE}</style></head><body><main><p><a href="${OPERATOR_PATH}">Back to the configuration</a></p>`;

/** What the edit form holds: the file, its text as edited, who and why. */
interface EditState {
  file: string;
  text: string;
  comment: string;
  actor: string;
}

/** The edit form: the text (a newline right after <textarea> keeps a leading one), the note, and what the last check said. */
function editHtml(edit: EditState, { identity, problems = [], notice }: { identity?: string; problems?: readonly string[]; notice?: string } = {}): string {
  const found = problems.length
    ? `<div role="alert"><h2 class="refused">Not valid: ${problems.length} problem${problems.length === 1 ? '' : 's'}</h2><pre>${escapeHtml(problems.join('\n'))}</pre></div>`
    : '';
  const who = identity
    ? `<p>The change note names you as <strong>${escapeHtml(identity)}</strong> (your proxy's sign-in).</p>`
    : `<label for="actor">Your name (the change note's actor)</label><input id="actor" name="actor" type="text" maxlength="200" value="${escapeHtml(edit.actor)}">`;
  return `${pageStart(`edit ${edit.file}`)}<h1>Prepare a change to <code>${escapeHtml(edit.file)}</code></h1>${found}${notice ? `<p role="status">${escapeHtml(notice)}</p>` : ''}
<form method="post" action="${OPERATOR_PATH}"><input type="hidden" name="action" value="prepare"><input type="hidden" name="file" value="${escapeHtml(edit.file)}">
<label for="text">The whole file as it should be</label><textarea id="text" name="text" spellcheck="false" required>\n${escapeHtml(edit.text)}</textarea>
${who}<label for="comment">Why (the change note's comment)</label><input id="comment" name="comment" type="text" maxlength="1000" required value="${escapeHtml(edit.comment)}">
<p><button type="submit">Check and prepare the patch</button></p></form></main></body></html>`;
}

/** A valid change: the patch to copy, a button to download it, and how to apply it. */
function preparedHtml(edit: EditState, patch: string, fileName: string): string {
  const hidden = (name: string, value: string) => `<input type="hidden" name="${name}" value="${escapeHtml(value)}">`;
  return `${pageStart(`change to ${edit.file}`)}<h1 class="applied">Valid: the patch for <code>${escapeHtml(edit.file)}</code></h1>
<p>Checked with the rest of the folder as it is now. Apply it where the files are reviewed (in the config folder: <code>git apply ${escapeHtml(fileName)}</code>); the server reloads the folder once the files change.</p>
<form method="post" action="${OPERATOR_PATH}">${hidden('action', 'prepare')}${hidden('format', 'patch')}${hidden('file', edit.file)}${hidden('text', edit.text)}${hidden('actor', edit.actor)}${hidden('comment', edit.comment)}<button type="submit">Download the patch</button></form>
<pre>${escapeHtml(patch)}</pre>
<form method="post" action="${OPERATOR_PATH}">${hidden('action', 'edit')}${hidden('file', edit.file)}${hidden('text', edit.text)}${hidden('actor', edit.actor)}${hidden('comment', edit.comment)}<button type="submit">Edit again</button></form></main></body></html>`;
}

/** How the page is reached: the server's clock and whether the request came over HTTPS (the cookie is then Secure). */
export interface OperatorRequest {
  nowS: number;
  secure: boolean;
  /** The person the operator's proxy signed in (OPERATOR_IDENTITY_HEADER), if any. */
  identity?: string;
}

/**
 * Answers `/__operator` and `/__operator.json`: 404 when no token is set. A program sends `Authorization: Bearer
 * <token>`; a person signs in once with the page's form (operator-session.ts) and browses `/__operator`. Without
 * either: 401, with the sign-in form on the page. POST (a form of the page, from this origin only) signs in or out, or
 * prepares a change (`?edit=<file>` shows its form); 405 for any other method.
 */
export async function serveOperator(
  req: IncomingMessage,
  res: ServerResponse,
  path: string,
  token: string | undefined,
  view: () => OperatorView,
  at: OperatorRequest = { nowS: Math.floor(Date.now() / 1000), secure: false },
  changes?: OperatorChanges,
): Promise<void> {
  res.setHeader('Cache-Control', 'no-store');
  res.setHeader('X-Content-Type-Options', 'nosniff');
  res.setHeader('Referrer-Policy', 'no-referrer');
  res.setHeader('Content-Security-Policy', PAGE_CSP);
  const send = (status: number, type: string, body: string) => {
    res.statusCode = status;
    res.setHeader('Content-Type', type);
    res.end(req.method === 'HEAD' ? undefined : body);
  };
  const html = (status: number, body: string) => send(status, 'text/html; charset=utf-8', body);
  if (!token) return send(404, 'text/plain; charset=utf-8', 'Not Found');
  const page = path === OPERATOR_PATH;
  const bearer = isAuthorized(req.headers.authorization, token);
  const allowed = bearer || !!at.identity || (page && hasSession(req.headers.cookie, token, at.nowS));
  if (req.method === 'POST' && page) return answerForm(req, { token, at, allowed, changes, res, html, send });
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    res.setHeader('Allow', page ? 'GET, HEAD, POST' : 'GET, HEAD');
    return send(405, 'text/plain; charset=utf-8', 'Method Not Allowed');
  }
  if (!allowed) {
    res.setHeader('WWW-Authenticate', 'Bearer realm="operator"');
    if (page) return html(401, signInHtml());
    return send(401, 'text/plain; charset=utf-8', 'Unauthorized: send Authorization: Bearer <OPERATOR_TOKEN>');
  }
  if (!page) return send(200, 'application/json; charset=utf-8', JSON.stringify(view()));
  const editing = new URLSearchParams((req.url ?? '').split('?')[1] ?? '').get('edit');
  if (editing !== null) {
    const text = changes?.current(editing) ?? null;
    if (text === null)
      return html(404, `${pageStart('no such file')}<h1>No file <code>${escapeHtml(editing)}</code> in the config folder</h1></main></body></html>`);
    return html(200, editHtml({ file: editing, text, comment: '', actor: '' }, { identity: at.identity }));
  }
  const files = changes?.files() ?? [];
  html(200, operatorHtml(view(), { ...(bearer ? {} : at.identity ? { identity: at.identity } : { signedIn: true }), files }));
}

interface FormContext {
  token: string;
  at: OperatorRequest;
  /** The request is signed in (session, proxy identity or bearer token). */
  allowed: boolean;
  changes?: OperatorChanges;
  res: ServerResponse;
  html: (status: number, body: string) => void;
  send: (status: number, type: string, body: string) => void;
}

/** A form of the page: `action=sign-in` with `token`, `sign-out`, or (signed in) `prepare` / `edit` a change. */
async function answerForm(req: IncomingMessage, c: FormContext) {
  const { res } = c;
  if (!isSameOriginPost(req)) return c.html(403, signInHtml('The form must be sent from this page.'));
  let form: URLSearchParams;
  try {
    form = new URLSearchParams(await readBoundedText(req, undefined, c.allowed ? MAX_CHANGE_FORM_BYTES : MAX_FORM_BYTES));
  } catch {
    return c.html(413, signInHtml(c.allowed ? 'That was more than a config file can hold.' : 'That was too long for a token.'));
  }
  const action = form.get('action');
  if (action === 'prepare' || action === 'edit') {
    if (!c.allowed) {
      res.setHeader('WWW-Authenticate', 'Bearer realm="operator"');
      return c.html(401, signInHtml('Sign in to prepare a change.'));
    }
    return answerChange(form, c);
  }
  if (action === 'sign-out') {
    res.setHeader('Set-Cookie', clearedSessionCookie(c.at.secure, OPERATOR_PATH));
  } else if (isAuthorized(`Bearer ${form.get('token') ?? ''}`, c.token)) {
    res.setHeader('Set-Cookie', sessionCookie(c.token, c.at.nowS, c.at.secure, OPERATOR_PATH));
  } else {
    res.setHeader('WWW-Authenticate', 'Bearer realm="operator"');
    return c.html(401, signInHtml('That is not the operator token.'));
  }
  res.statusCode = 303;
  res.setHeader('Location', OPERATOR_PATH);
  res.end();
}

/** Checks an edited file (or shows the form again): problems keep the form, a valid change gives its patch. */
async function answerChange(form: URLSearchParams, c: FormContext) {
  if (!c.changes) return c.send(404, 'text/plain; charset=utf-8', 'Not Found');
  const edit = {
    file: form.get('file') ?? '',
    text: form.get('text') ?? '',
    comment: form.get('comment') ?? '',
    actor: c.at.identity ?? form.get('actor') ?? '',
  };
  const identity = c.at.identity;
  if (form.get('action') === 'edit') return c.html(200, editHtml(edit, { identity }));
  let result: PreparedChange;
  try {
    result = await c.changes.prepare(edit);
  } catch (err) {
    const why = err instanceof CheckNotRun ? 'the check did not run' : 'the config folder cannot be read';
    result = { outcome: 'refused', problems: [`${why} (${(err as Error).message})`] };
  }
  if (result.outcome === 'refused') return c.html(422, editHtml(edit, { identity, problems: result.problems }));
  if (result.outcome === 'unchanged') return c.html(200, editHtml(edit, { identity, notice: 'No change: this is the file as it is now.' }));
  if (form.get('format') !== 'patch') return c.html(200, preparedHtml(edit, result.patch, result.fileName));
  c.res.setHeader('Content-Disposition', `attachment; filename="${result.fileName.replace(/[^\w.-]/g, '_')}"`);
  c.send(200, 'text/x-diff; charset=utf-8', result.patch);
}

function signInHtml(problem?: string): string {
  const error = problem ? `<p class="refused" role="alert">${escapeHtml(problem)}</p>` : '';
  return `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex"><title>Operator: sign in</title><style>${STYLE}</style></head><body>
<main><h1>Operator page</h1><p>Sign in with the server's <code>OPERATOR_TOKEN</code>. The sign-in lasts ${SESSION_SECONDS / 3600} hours in this browser.</p>${error}
<form method="post" action="${OPERATOR_PATH}"><input type="hidden" name="action" value="sign-in"><label for="token">Operator token</label>
<input id="token" name="token" type="password" autocomplete="current-password" required minlength="32" maxlength="512"> <button type="submit">Sign in</button></form></main>
</body></html>`;
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}
