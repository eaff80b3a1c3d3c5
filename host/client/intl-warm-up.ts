/**
 * A page's first `Intl.DateTimeFormat` sets up ICU's date-format and time-zone data: 55-75 ms of a 4x slower phone's
 * main thread, in the task of whatever asks first once hydrated (the device-id SDK, the chart's time zone). ICU keeps
 * that data for the whole renderer process, so a worker that asks first does the work on another thread, and the
 * main thread's first call then takes 1-8 ms (Chromium, measured at 4x). Where a browser keeps it per thread, this
 * costs one short-lived worker. The worker ends itself once done.
 */
export function warmUpIntl(startWorker: () => unknown = () => new Worker(new URL('./intl-warm-up.worker.ts', import.meta.url), { type: 'module' })): void {
  if (typeof Worker === 'undefined') return;
  try {
    startWorker();
  } catch {
    // No worker (blocked, or out of resources): the main thread sets the data up itself, as it would without this.
  }
}
