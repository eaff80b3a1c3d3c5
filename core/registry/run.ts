import type { GuardInput, LoaderInput } from '../plugin/types';
import type { Activation } from './activate';

/**
 * The lifecycle runners of an activation, shared by the server, the browser and the plugin tester so a plugin
 * tested alone meets the same rules it meets in a page.
 */

/**
 * Runs the guards in activation order; the first redirect wins. A guard that throws is skipped (reported), a guard
 * that redirects to the current path is ignored (no loops).
 */
export function runGuards(activation: Activation, input: GuardInput, onError: (pluginId: string, err: Error) => void): string | undefined {
  for (const { pluginId, guard } of activation.guards) {
    try {
      const to = guard(input);
      if (to && to !== input.path) return to;
    } catch (err) {
      onError(pluginId, err as Error);
    }
  }
  return undefined;
}

/**
 * Runs the loaders whose `when` holds, in parallel, until `deadline` (epoch ms). One that throws, or is still
 * running at the deadline, gives nothing; results are keyed `<plugin id>/<key>`.
 */
export async function runLoaders(activation: Activation, input: LoaderInput, deadline: number, log: (m: string) => void): Promise<Record<string, unknown>> {
  const remaining = deadline - Date.now();
  if (remaining <= 0) {
    if (activation.loaders.length) log(`[loader] skipped ${activation.loaders.length} loaders: the server time-out is spent`);
    return {};
  }
  let timer: ReturnType<typeof setTimeout> | undefined;
  const expired = new Promise<'expired'>((resolve) => (timer = setTimeout(() => resolve('expired'), remaining)));
  const due = activation.loaders.filter(({ def }) => {
    try {
      return def.when ? def.when(input) : true;
    } catch {
      return false;
    }
  });
  const entries = await Promise.all(
    due.map(async ({ pluginId, def }) => {
      try {
        const value = await Promise.race([def.run(input), expired]);
        if (value === 'expired') log(`[loader] ${pluginId}/${def.key} still running at the server time-out: left out`);
        return [`${pluginId}/${def.key}`, value === 'expired' ? undefined : value] as const;
      } catch (err) {
        log(`[loader] ${pluginId}/${def.key} failed: ${(err as Error).message}`);
        return [`${pluginId}/${def.key}`, undefined] as const;
      }
    }),
  );
  clearTimeout(timer);
  return Object.fromEntries(entries.filter(([, v]) => v !== undefined));
}

/** Starts the effects (browser behaviour after hydration); their teardowns join the activation's. */
export function startEffects(activation: Activation, onError: (pluginId: string, err: Error) => void): void {
  for (const { pluginId, run } of activation.effects) {
    try {
      const teardown = run();
      if (typeof teardown === 'function') activation.teardowns.push(teardown);
    } catch (err) {
      onError(pluginId, err as Error);
    }
  }
}
