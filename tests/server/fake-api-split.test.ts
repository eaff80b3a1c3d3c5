import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStubBackend, type StubBackend } from './serving-support';
import { DIST, get, startServer } from './support';

/**
 * The fake back end is its own part of the build: with a real back end (API_ORIGIN) the server never loads the fake
 * server (host/fake-api/), the plugins' fake modules or the kit they use (core/testing/); with the embedded fake API
 * it does. Which modules a process loaded: a module hook logs every file it loads, and each built chunk's source map
 * names the sources inside it.
 */
const FAKE_SOURCE = /(^|\/)(host\/fake-api\/|core\/testing\/|plugins\/[^/]+\/fake-api\.ts$|plugins\/[^/]+\/fake\/)/;

let work = '';
let backend: StubBackend;

beforeAll(async () => {
  if (!existsSync(join(DIST, 'server/entry.js'))) throw new Error(`no build in ${DIST}: run npm run build first`);
  work = mkdtempSync(join(tmpdir(), 'fake-split-'));
  writeFileSync(
    join(work, 'hooks.mjs'),
    "import { appendFileSync } from 'node:fs';\n" +
      'export async function load(url, context, next) {\n' +
      "  if (url.startsWith('file:')) appendFileSync(process.env.LOAD_LOG, url + '\\n');\n" +
      '  return next(url, context);\n' +
      '}\n',
  );
  writeFileSync(join(work, 'register.mjs'), "import { register } from 'node:module';\nregister('./hooks.mjs', import.meta.url);\n");
  backend = await startStubBackend();
});
afterAll(async () => {
  await backend?.close();
  if (work) rmSync(work, { recursive: true, force: true });
});

/** Sources (project-relative) of every built server chunk a server loaded while starting and rendering two pages. */
async function loadedSources(name: string, env: Record<string, string | undefined>): Promise<string[]> {
  const log = join(work, `${name}.log`);
  writeFileSync(log, '');
  const server = await startServer({ nodeArgs: ['--import', join(work, 'register.mjs')], env: { WORKERS: '1', ACCESS_LOG: '0', LOAD_LOG: log, ...env } });
  try {
    for (const path of ['/', '/trade/BTC_USDT']) expect((await get(server.port, path)).status).toBe(200);
  } finally {
    await server.stop();
  }
  const serverDist = join(DIST, 'server');
  const chunks = [...new Set(readFileSync(log, 'utf8').split('\n').filter(Boolean))]
    .map((url) => fileURLToPath(url))
    .filter((file) => file.startsWith(serverDist));
  expect(chunks.length).toBeGreaterThan(1);
  return chunks.flatMap((file) => {
    const map = `${file}.map`;
    // A chunk without a map only imports or re-exports other chunks (which are loaded, and checked, too: a barrel
    // such as the plugin API's fake-API kit) or holds the bundler's own virtual modules (`// \0rolldown/runtime.js`,
    // oxc's decorator helpers): no project source.
    if (!existsSync(map)) {
      expect(readFileSync(file, 'utf8')).toMatch(/^(((import "[^"]+"|export \{[^}]*\}( from "[^"]+")?);\s*)+|\/\/ \\0[^\n]*\n[\s\S]*)$/);
      return [];
    }
    return (JSON.parse(readFileSync(map, 'utf8')) as { sources: string[] }).sources.map((s) => s.replace(/^(\.\.\/)+/, ''));
  });
}

describe('the fake back end is loaded only when the fake API runs', () => {
  it('with API_ORIGIN set, no fake module is loaded', async () => {
    const sources = await loadedSources('real', { API_ORIGIN: backend.origin, FAKE_API: undefined });
    expect(sources.some((s) => s.startsWith('host/server/'))).toBe(true);
    expect(sources.filter((s) => FAKE_SOURCE.test(s))).toEqual([]);
  });

  it('with the embedded fake API, the fake server and the plugins’ fake modules are loaded', async () => {
    const sources = await loadedSources('fake', { API_ORIGIN: undefined, FAKE_API: '1' });
    expect(sources).toContain('host/fake-api/server.ts');
    expect(sources.some((s) => /^plugins\/[^/]+\/fake-api\.ts$/.test(s))).toBe(true);
    expect(sources).toContain('core/testing/fake-api/types.ts');
  });
});
