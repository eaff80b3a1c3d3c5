import { cpSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIST, ROOT, get, startServer, type RunningServer } from './support';

/** A copy of the build the test may break, inside the project (its packages resolve from there): the server runs from it. */
mkdirSync(join(ROOT, '.tmp'), { recursive: true });
const copy = mkdtempSync(join(ROOT, '.tmp', 'static-files-'));
let server: RunningServer;

beforeAll(async () => {
  cpSync(DIST, join(copy, 'dist'), { recursive: true });
  server = await startServer({ entry: join(copy, 'dist/server/entry.js'), env: { SHELL_DIST: join(copy, 'dist'), WORKERS: '1' } });
});

afterAll(async () => {
  await server?.stop();
  rmSync(copy, { recursive: true, force: true });
});

describe('static files', () => {
  it('cuts off the answer for an asset deleted after start-up, in each encoding, and goes on serving', async () => {
    const assets = join(copy, 'dist/client/assets');
    const script = readdirSync(assets).find((f) => f.endsWith('.js') && readdirSync(assets).includes(`${f}.br`))!;
    expect(script).toBeTruthy();
    for (const suffix of ['', '.br', '.gz']) rmSync(join(assets, `${script}${suffix}`), { force: true });
    for (const encoding of ['br', 'gzip', 'identity']) {
      const reply = await get(server.port, `/assets/${script}`, { headers: { 'accept-encoding': encoding } }).catch((err: Error) => err);
      // Either the connection is cut (the headers were already sent) or a complete error answer: never the file.
      if (!(reply instanceof Error)) expect(reply.status).not.toBe(200);
    }
    expect(server.child.exitCode).toBeNull();
    expect((await get(server.port, '/healthz')).status).toBe(200);
    expect((await get(server.port, '/')).status).toBe(200);
  });
});
