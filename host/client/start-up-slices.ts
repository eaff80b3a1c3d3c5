/**
 * Start-up work cut into short tasks: the browser gets the main thread back between them, so a tap during start-up is
 * answered at once instead of after one long task.
 */

/** Most milliseconds of start-up work one task runs before it hands the main thread back (a 4x slower phone: ~32 ms). */
const SLICE_MS = 8;

interface SchedulerWithYield {
  yield?: () => Promise<void>;
}

/** Resolves in a later task: `scheduler.yield()` where the browser has it (it resumes ahead of other tasks), else a message. */
export function yieldToBrowser(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: SchedulerWithYield }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}

/**
 * Runs `step` on each item in order; once `sliceMs` of work has run in the current task, yields to the browser before
 * the next item. A step's throw ends the run (it rejects with it).
 */
export async function inSlices<T>(items: readonly T[], step: (item: T, index: number) => void, sliceMs = SLICE_MS): Promise<void> {
  let sliceStart = performance.now();
  for (let i = 0; i < items.length; i++) {
    if (performance.now() - sliceStart >= sliceMs) {
      await yieldToBrowser();
      sliceStart = performance.now();
    }
    step(items[i], i);
  }
}
