import { serviceReader } from '../di/tokens';
import type { GuardDecision, GuardInput, LoaderInput } from '../plugin/types';
import type { Activation } from './activate';
import { safeTarget } from '../util/links';

/**
 * The lifecycle runners of an activation, shared by the server, the browser and the plugin tester so a plugin
 * tested alone meets the same rules it meets in a page.
 */

/** What one guard decided, for `npm run explain`. */
export interface GuardTrace {
  pluginId: string;
  redirect?: string;
  reason?: string;
  error?: string;
}

/** What one loader gave, for `npm run explain`. */
export interface LoaderTrace {
  key: string;
  outcome: 'value' | 'failed' | 'timed out' | 'not due';
  ms: number;
  value?: unknown;
  error?: string;
}

/**
 * Runs the guards in activation order; the first redirect wins. A redirect is made a same-site path (`safeTarget`:
 * anything else becomes '/', the home). A guard that throws is skipped (reported), a guard that redirects to the
 * current path is ignored (no loops). `trace` hears every guard that ran.
 */
export function runGuards(
  activation: Activation,
  input: GuardInput,
  onError: (pluginId: string, err: Error) => void,
  trace?: (t: GuardTrace) => void,
): string | undefined {
  for (const { pluginId, guard } of activation.guards) {
    try {
      const out = guard(input);
      const decision: GuardDecision = typeof out === 'object' && out !== null ? out : { redirect: out, reason: '' };
      const target = decision.redirect ? safeTarget(decision.redirect, '/') : undefined;
      const to = target !== input.path ? target : undefined;
      trace?.({ pluginId, redirect: to, reason: decision.reason || undefined });
      if (to) return to;
    } catch (err) {
      trace?.({ pluginId, error: (err as Error).message });
      onError(pluginId, err as Error);
    }
  }
  return undefined;
}

/**
 * Runs the loaders whose `when` holds, in parallel, until `deadline` (epoch ms). One that throws, or is still
 * running at the deadline, gives nothing; results are keyed `<plugin id>/<key>`. `trace` hears each outcome.
 */
export async function runLoaders(
  activation: Activation,
  request: Omit<LoaderInput, 'services'>,
  deadline: number,
  log: (m: string) => void,
  trace?: (t: LoaderTrace) => void,
): Promise<Record<string, unknown>> {
  const input: LoaderInput = { ...request, services: serviceReader(request.env) };
  const remaining = deadline - Date.now();
  if (remaining <= 0) {
    if (activation.loaders.length) log(`[loader] skipped ${activation.loaders.length} loaders: the server time-out is spent`);
    return {};
  }
  const due = activation.loaders.filter(({ pluginId, def }) => {
    let yes: boolean;
    try {
      yes = def.when ? def.when(input) : true;
    } catch {
      yes = false;
    }
    if (!yes) trace?.({ key: `${pluginId}/${def.key}`, outcome: 'not due', ms: 0 });
    return yes;
  });
  // One reaction per loader and one race for them all (each promise costs a page's server more with React's async
  // context on); what settles after the deadline is dropped.
  const values: unknown[] = new Array(due.length);
  const settled = due.map(() => false);
  let over = false;
  const started = performance.now();
  const ms = () => Math.round(performance.now() - started);
  const runs = due.map(({ pluginId, def }, i) => {
    const key = `${pluginId}/${def.key}`;
    const failed = (err: unknown) => {
      settled[i] = true;
      log(`[loader] ${key} failed: ${(err as Error)?.message}`);
      trace?.({ key, outcome: 'failed', ms: ms(), error: (err as Error)?.message });
    };
    try {
      return Promise.resolve(def.run(input)).then(
        (value) => {
          if (over) return;
          settled[i] = true;
          values[i] = value;
          trace?.({ key, outcome: 'value', ms: ms(), value });
        },
        (err: unknown) => void (over || failed(err)),
      );
    } catch (err) {
      failed(err);
      return Promise.resolve();
    }
  });
  let timer: ReturnType<typeof setTimeout> | undefined;
  const expired = new Promise<void>((resolve) => (timer = setTimeout(resolve, remaining)));
  await Promise.race([Promise.all(runs), expired]);
  clearTimeout(timer);
  over = true;
  const out: Record<string, unknown> = {};
  due.forEach(({ pluginId, def }, i) => {
    const key = `${pluginId}/${def.key}`;
    if (!settled[i]) {
      log(`[loader] ${key} still running at the server time-out: left out`);
      trace?.({ key, outcome: 'timed out', ms: ms() });
    } else if (values[i] !== undefined) out[key] = values[i];
  });
  return out;
}

/**
 * Starts the effects (browser behaviour after hydration) from the `from`-th on (those of plugins activated later),
 * up to before the `to`-th (all by default); their teardowns join the activation's.
 */
export function startEffects(activation: Activation, onError: (pluginId: string, err: Error) => void, from = 0, to = activation.effects.length): void {
  for (const { pluginId, run } of activation.effects.slice(from, to)) {
    try {
      const teardown = run();
      if (typeof teardown === 'function') activation.teardowns.push(teardown);
    } catch (err) {
      onError(pluginId, err as Error);
    }
  }
}
