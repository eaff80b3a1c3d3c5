import type { Server, ServerResponse } from 'node:http';

/** How long draining waits for in-flight pages: the 20 s server deadline plus the render's own margin. */
export const DRAIN_TIMEOUT_MS = 25_000;

/**
 * Readiness and draining of one server process: `/readyz` is 200 only between `markReady()` and `drain()`;
 * `drain()` stops accepting, closes idle keep-alive connections, lets in-flight responses finish (at most
 * `timeoutMs`), then resolves.
 */
export class Lifecycle {
  private ready = false;
  private draining = false;
  private inFlight = 0;
  private idle: Array<() => void> = [];

  get isReady(): boolean {
    return this.ready && !this.draining;
  }

  get isDraining(): boolean {
    return this.draining;
  }

  get pending(): number {
    return this.inFlight;
  }

  markReady(): void {
    this.ready = true;
  }

  /** Counts a response until it closes; while draining, asks the client not to reuse the connection. */
  track(res: ServerResponse): void {
    this.inFlight++;
    if (this.draining) res.setHeader('Connection', 'close');
    res.once('close', () => {
      this.inFlight--;
      if (this.inFlight === 0) this.idle.splice(0).forEach((f) => f());
    });
  }

  async drain(server: Server, timeoutMs = DRAIN_TIMEOUT_MS): Promise<{ finished: boolean; cut: number }> {
    this.draining = true;
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    server.closeIdleConnections();
    const allDone = this.inFlight === 0 ? Promise.resolve() : new Promise<void>((resolve) => this.idle.push(resolve));
    let timer: NodeJS.Timeout | undefined;
    const timedOut = new Promise<'timeout'>((resolve) => (timer = setTimeout(() => resolve('timeout'), timeoutMs)));
    const outcome = await Promise.race([allDone, timedOut]);
    clearTimeout(timer);
    const cut = outcome === 'timeout' ? this.inFlight : 0;
    server.closeAllConnections();
    await closed;
    return { finished: outcome !== 'timeout', cut };
  }
}
