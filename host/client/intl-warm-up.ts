/**
 * A page's first `Intl` formatter sets up ICU's data: its first `Intl.DateTimeFormat` takes 55-75 ms of a 4x slower
 * phone's main thread (the device-id SDK's and the chart's time zone, once hydrated), and its first
 * `Intl.NumberFormat` 7-11 ms more (the first amounts a view formats). ICU keeps that data for the whole renderer
 * process, so a worker that makes them first does the work on another thread, and the main thread's first ones then
 * take about 1-3 ms (Chromium, measured at 4x). Where a browser keeps it per thread, this costs one short-lived
 * worker. The worker ends itself once done.
 */
export function warmUpIntl(startWorker: () => unknown = () => new Worker(new URL('./intl-warm-up.worker.ts', import.meta.url), { type: 'module' })): void {
  if (typeof Worker === 'undefined') return;
  try {
    startWorker();
  } catch {
    // No worker (blocked, or out of resources): the main thread sets the data up itself, as it would without this.
  }
}
