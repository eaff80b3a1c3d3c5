import type { Server, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';

/** How long draining waits for in-flight pages once accepting stopped: the 20 s server deadline plus the render's margin. */
export const DRAIN_TIMEOUT_MS = 25_000;

export interface DrainOptions {
  /** Serving goes on this long after draining began (readiness already 503) so a load balancer can take the process out. */
  delayMs?: number;
  /** Longest wait for in-flight responses once accepting stopped; the rest are cut. */
  timeoutMs?: number;
}

/**
 * Readiness and draining of one server process: `/readyz` is 200 only between `markReady()` and `drain()`.
 * `drain()` turns readiness to 503 at once and asks every connection to close after its current response
 * (`Connection: close`, or closing a kept-alive connection whose response headers already went out), keeps serving for
 * `delayMs`, then stops accepting, closes idle connections, lets in-flight responses finish (at most `timeoutMs`) and
 * resolves. A request that arrives while draining is answered, never reset: its connection closes after it.
 */
export class Lifecycle {
  private ready = false;
  private draining = false;
  private readonly open = new Map<ServerResponse, Socket>();
  private readonly perSocket = new Map<Socket, number>();
  private idle: Array<() => void> = [];

  get isReady(): boolean {
    return this.ready && !this.draining;
  }

  get isDraining(): boolean {
    return this.draining;
  }

  get pending(): number {
    return this.open.size;
  }

  markReady(): void {
    this.ready = true;
  }

  /** Counts a response until it closes; while draining, its connection closes after it. */
  track(res: ServerResponse): void {
    const socket = res.req.socket;
    this.open.set(res, socket);
    this.perSocket.set(socket, (this.perSocket.get(socket) ?? 0) + 1);
    if (this.draining) res.setHeader('Connection', 'close');
    res.once('close', () => this.untrack(res, socket));
  }

  async drain(server: Server, { delayMs = 0, timeoutMs = DRAIN_TIMEOUT_MS }: DrainOptions = {}): Promise<{ finished: boolean; cut: number }> {
    this.draining = true;
    for (const res of this.open.keys()) if (!res.headersSent) res.setHeader('Connection', 'close');
    if (delayMs > 0) await new Promise((resolve) => setTimeout(resolve, delayMs));
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    server.closeIdleConnections();
    const allDone = this.open.size === 0 ? Promise.resolve() : new Promise<void>((resolve) => this.idle.push(resolve));
    let timer: NodeJS.Timeout | undefined;
    const timedOut = new Promise<'timeout'>((resolve) => (timer = setTimeout(() => resolve('timeout'), timeoutMs)));
    const outcome = await Promise.race([allDone, timedOut]);
    clearTimeout(timer);
    const cut = outcome === 'timeout' ? this.open.size : 0;
    server.closeAllConnections();
    await closed;
    return { finished: outcome !== 'timeout', cut };
  }

  private untrack(res: ServerResponse, socket: Socket) {
    this.open.delete(res);
    const left = (this.perSocket.get(socket) ?? 1) - 1;
    if (left > 0) this.perSocket.set(socket, left);
    else {
      this.perSocket.delete(socket);
      // A kept-alive connection whose last response began before draining: close it now, not on its next request.
      // One holding a pipelined request (paused, or with bytes read) is left to answer it, with `Connection: close`.
      if (this.draining && !socket.destroyed && !socket.isPaused() && socket.readableLength === 0) socket.end();
    }
    if (this.open.size === 0) this.idle.splice(0).forEach((f) => f());
  }
}
