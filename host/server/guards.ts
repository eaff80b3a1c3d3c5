import type { Activation } from '../../core/registry/activate';
import type { GuardInput } from '../../core/plugin/types';

/**
 * Runs the plugins' guards in activation order; the first redirect wins. A guard that throws is skipped (logged),
 * a guard that redirects to the current path is ignored (no loops).
 */
export function runGuards(activation: Activation, input: GuardInput, log: (m: string) => void): string | undefined {
  for (const { pluginId, guard } of activation.guards) {
    try {
      const to = guard(input);
      if (to && to !== input.path) return to;
    } catch (err) {
      log(`[guard] ${pluginId} failed: ${(err as Error).message}`);
    }
  }
  return undefined;
}
