import { createServer, connect, type Server, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { nextTurn } from './next-turn';

let server: Server | undefined;
const clients: Socket[] = [];
afterEach(() => {
  clients.forEach((c) => c.destroy());
  server?.close();
});

/** Two connected clients of a server that hands each chunk it receives to `onData` with its connection's index. */
async function twoConnections(onData: (index: number) => void): Promise<Socket[]> {
  let accepted = 0;
  const bothAccepted = new Promise<void>((resolve) => {
    server = createServer((s) => {
      const index = accepted++;
      s.on('data', () => onData(index));
      if (accepted === 2) resolve();
    });
  });
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  const { port } = server!.address() as { port: number };
  for (let i = 0; i < 2; i++) {
    const c = connect(port, '127.0.0.1');
    await new Promise<void>((resolve) => c.once('connect', resolve));
    clients.push(c);
  }
  await bothAccepted;
  return clients;
}

describe('nextTurn', () => {
  it('called from an I/O callback, resolves after the I/O that arrived during that callback was handled', async () => {
    const order: string[] = [];
    const [first, second] = await twoConnections((index) => {
      if (index === 1) return void order.push('the other request');
      // A loopback write is in the server's socket buffer when it returns: it arrives while this callback runs.
      second.write('x');
      void nextTurn().then(() => order.push('next turn'));
    });
    first.write('x');
    await expect.poll(() => order.length).toBe(2);
    expect(order).toEqual(['the other request', 'next turn']);
  });
});
