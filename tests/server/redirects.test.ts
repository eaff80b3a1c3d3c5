import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REGION_KEYS } from '../../core/config/region';
import { ROOT, get, startServer, type Reply, type RunningServer } from './support';
import { reportChaos, scaled } from './chaos-report';

/**
 * No open redirect on any region: every `Location` the built server sends, and every link it renders from the
 * request (the 404 page's `?redirect=`), resolves to the request's own origin. The corpus: the named attack forms on
 * all 12 region hosts with no, a supported and an unsupported `lang` cookie, plus generated paths and return targets.
 */
let server: RunningServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server?.stop();
});

const REGIONS = REGION_KEYS.map((key) => JSON.parse(readFileSync(join(ROOT, 'region-configs', `${key}.json`), 'utf8')) as { key: string; languages: string[] });
const hostOf = (key: string) => (key === 'main' ? 'localhost' : `${key}.localhost`);
const originOf = (key: string) => `http://${hostOf(key)}:${server.port}`;

interface Case {
  region: string;
  /** The request target as sent (bytes a client can put on the request line). */
  target: string;
  /** The lang cookie, if any. */
  lang?: string;
}

/** Characters no client sends raw on a request line are percent-encoded; everything else (`\`, `//`, `%2f`) stays. */
const sendable = (target: string) => target.replace(/[^\x21-\x7e]/gu, (ch) => encodeURIComponent(ch));

const NAMED_PATHS = [
  '/en//evil.example/x',
  '/zh//evil.example/x',
  '/en-uk//evil.example/x',
  '/en/\\evil.example',
  '/en/..//evil.example',
  '/en/%2e%2e//evil.example',
  '/en/\\/evil.example/x',
  '//evil.example/x',
  '/\\evil.example/x',
  '///evil.example',
  '/404?redirect=/en//evil.example/phish',
  '/404?redirect=/\\evil.example/phish',
  '/404?redirect=//evil.example/phish',
  '/404?redirect=https://evil.example/phish',
  '/404?redirect=/%09/evil.example',
  '/zh/nope?redirect=/..//evil.example',
];

/** A lang cookie of each kind for a region: none, one it supports, one it does not. */
const cookiesOf = (region: { languages: string[] }) => [undefined, region.languages[0], region.languages.includes('ja-jp') ? 'zh' : 'ja-jp'];

const namedCases = (): Case[] =>
  REGIONS.flatMap((region) => {
    const paths = [...NAMED_PATHS, ...region.languages.map((code) => `/${code}//evil.example/x`)];
    return paths.flatMap((target) => cookiesOf(region).map((lang) => ({ region: region.key, target, lang })));
  });

const PIECES = ['/', '//', '\\', '/\\', '%2f', '%5c', '%2e', '%2e%2e', '..', '/../', '\t', '@', ':', 'evil.example', '//evil.example', 'x'];
const piece = fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...PIECES) }, { weight: 1, arbitrary: fc.webSegment() });
const hostilePath = fc
  .tuple(fc.constantFrom('', '/en', '/zh', '/en-uk', '/ja-jp', '/en-us', '/xx'), fc.array(piece, { maxLength: 8 }))
  .map(([l, ps]) => `${l}/${ps.join('')}`);
const generated: fc.Arbitrary<Case> = fc
  .tuple(fc.constantFrom(...REGIONS), hostilePath, fc.option(hostilePath, { nil: undefined }), fc.nat(2))
  .map(([region, path, redirect, cookie]) => ({
    region: region.key,
    target: redirect === undefined ? path : `${path}?redirect=${encodeURIComponent(redirect)}`,
    lang: cookiesOf(region)[cookie],
  }));

/** Sends one case as a client would (the host of its region, the cookie if any). */
const send = (c: Case) => get(server.port, sendable(c.target), { host: hostOf(c.region), headers: c.lang ? { cookie: `lang=${c.lang}` } : {} });

const decodeHtml = (s: string) =>
  s.replace(/&(amp|quot|#x27|#39|lt|gt);/g, (_, e: string) => ({ amp: '&', quot: '"', '#x27': "'", '#39': "'", lt: '<', gt: '>' })[e]!);

/** Whatever the reply sends the browser to or links: it must stay on `origin`. */
function expectSameSite(c: Case, reply: Reply, origin: string) {
  const what = `${c.region} ${c.target} lang=${c.lang ?? '-'}`;
  if (reply.status >= 300 && reply.status < 400) {
    const location = String(reply.headers.location);
    expect(location, what).toMatch(/^\/(?![/\\])/);
    expect(new URL(location, origin).origin, `${what} -> ${location}`).toBe(origin);
    return;
  }
  const home = /data-plugin="not-found"[\s\S]*?<a class="shell-btn[^"]*" href="([^"]*)"/.exec(reply.text)?.[1];
  if (home !== undefined) {
    // Its origin, and a path with no empty segment: no later redirect that strips a prefix can make it `//…`.
    const link = new URL(decodeHtml(home), origin);
    expect(link.origin, `${what}: 404 home link ${home}`).toBe(origin);
    expect(link.pathname, `${what}: 404 home link ${home}`).not.toContain('//');
  }
  for (const [, href] of reply.text.matchAll(/\bhref="([^"]*)"/g)) {
    expect(new URL(decodeHtml(href), origin).hostname, `${what}: link ${href}`).not.toMatch(/evil/);
  }
}

/** Runs the cases a few at a time; every case that left the site fails the test. Returns the replies' status counts. */
async function run(cases: Case[], what: string): Promise<Record<number, number>> {
  const statuses: Record<number, number> = {};
  const failures: string[] = [];
  for (let i = 0; i < cases.length; i += 6) {
    const batch = cases.slice(i, i + 6);
    const replies = await Promise.all(batch.map(send));
    batch.forEach((c, j) => {
      try {
        expectSameSite(c, replies[j], originOf(c.region));
      } catch (err) {
        failures.push((err as Error).message);
      }
      statuses[replies[j].status] = (statuses[replies[j].status] ?? 0) + 1;
    });
  }
  reportChaos({ case: what, tried: cases.length, failed: failures.length });
  expect(failures).toEqual([]);
  return statuses;
}

describe('redirects and links built from the request stay on the site', () => {
  it('the named attack forms on all 12 regions, with no, a supported and an unsupported lang cookie', async () => {
    const cases = namedCases();
    const statuses = await run(cases, 'named redirect attack forms × 12 regions × 3 lang cookies');
    expect(cases.length).toBeGreaterThan(12 * NAMED_PATHS.length * 3);
    expect(statuses[302]).toBeGreaterThan(cases.length / 2);
    expect(statuses[404]).toBeGreaterThan(0);
  });

  it('a generated corpus of paths and ?redirect= targets (larger in the chaos bench)', async () => {
    const count = scaled(300);
    const cases = fc.sample(generated, { numRuns: count, seed: 20_261_126 });
    const statuses = await run(cases, 'generated paths and ?redirect= targets, 12 regions');
    expect(Object.values(statuses).reduce((a, b) => a + b, 0)).toBe(count);
    expect(statuses[302]).toBeGreaterThan(0);
  });

  it('collapses the slashes of the reported form and keeps the path on the site', async () => {
    const reply = await get(server.port, '/en//evil.example/x', { host: 'localhost' });
    expect(reply.status).toBe(302);
    expect(reply.headers.location).toBe('/evil.example/x');
    const uk = await get(server.port, '/en-uk//evil.example/x', { host: 'uk.localhost' });
    expect(uk.headers.location).toBe('/en-uk/evil.example/x');
    const page = await get(server.port, '/404?redirect=/en//evil.example/phish', { host: 'localhost' });
    expect(page.status).toBe(404);
    expect(page.text).toMatch(/data-plugin="not-found"[\s\S]*?<a class="shell-btn[^"]*" href="\/en\/evil\.example\/phish"/);
    const followed = await get(server.port, '/en/evil.example/phish', { host: 'localhost' });
    expect(followed.headers.location).toBe('/evil.example/phish');
  });
});
