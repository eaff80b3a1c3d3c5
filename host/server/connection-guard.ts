/**
 * What Node's own time-outs leave open, closed here for every connection of the server:
 * - a connection that sends no byte within `headersTimeoutMs` (Node counts headers only once a request has begun);
 * - a connection whose client stops taking its responses: output waiting and none of it taken for `sendTimeoutMs`;
 * - a connection with more than `maxQueued` requests not yet answered (pipelined behind one another).
 */
import type { Server } from 'node:http';
import type { Socket } from 'node:net';

export interface ConnectionGuardLimits {
  headersTimeoutMs: number;
  sendTimeoutMs: number;
  maxQueued: number;
}

/** Requests of a connection not yet answered. */
const queued = new WeakMap<Socket, number>();

/** How often stalled sends are looked for, ms (a stall is cut between `sendTimeoutMs` and this much later). */
const CHECK_EVERY_MS = 1000;

export function guardConnections(server: Server, limits: ConnectionGuardLimits): () => void {
  /**
   * Per connection: the bytes written to it at the last check, and since when. Output waiting while that count stays
   * put is a stall: a stream writes its next piece only once the previous one has been taken.
   */
  const sending = new Map<Socket, { written: number; since: number }>();
  server.on('connection', (socket: Socket) => {
    const silent = setTimeout(() => socket.bytesRead === 0 && socket.destroy(), limits.headersTimeoutMs);
    silent.unref();
    sending.set(socket, { written: 0, since: Date.now() });
    socket.once('close', () => {
      clearTimeout(silent);
      sending.delete(socket);
    });
  });
  server.on('request', (req, res) => {
    const socket = req.socket;
    const count = (queued.get(socket) ?? 0) + 1;
    queued.set(socket, count);
    res.once('close', () => queued.set(socket, (queued.get(socket) ?? 1) - 1));
    if (count > limits.maxQueued) socket.resetAndDestroy();
  });
  const check = setInterval(() => {
    const now = Date.now();
    for (const [socket, seen] of sending) {
      if (socket.writableLength === 0 || socket.bytesWritten !== seen.written) {
        seen.written = socket.bytesWritten;
        seen.since = now;
      } else if (now - seen.since >= limits.sendTimeoutMs) socket.resetAndDestroy(); // a reset: the unsent bytes are dropped too
    }
  }, CHECK_EVERY_MS);
  check.unref();
  return () => clearInterval(check);
}
