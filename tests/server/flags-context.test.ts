import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { get, ROOT, startServer, type RunningServer } from './support';

/**
 * The flag context a running server builds: targeting on a logged-in user's country and VIP tier (the fake API's
 * personas) and on the app's version (cookie or user agent) decides each page.
 */

const bool = (targeting: unknown) => ({ state: 'ENABLED', variants: { on: true, off: false }, defaultVariant: 'off', targeting });
const FLAGS = {
  // share: off in main's config copy; on for Hong Kong users of VIP tier 0 or above.
  'plugin.share.enabled': bool({ if: [{ and: [{ '==': [{ var: 'country' }, 'HK'] }, { '>=': [{ var: 'vipTier' }, 0] }] }, 'on', 'off'] }),
  // chat: off in the Android app from build 658020 on.
  'plugin.chat.enabled': {
    ...bool({ if: [{ and: [{ '==': [{ var: 'appPlatform' }, '1'] }, { sem_ver: [{ var: 'appVersion' }, '>=', '658020.0.0'] }] }, 'off', 'on'] }),
    defaultVariant: 'on',
  },
};

function configCopy(): string {
  const dir = mkdtempSync(join(tmpdir(), 'shell-flag-context-'));
  cpSync(resolve(ROOT, 'region-configs'), dir, { recursive: true });
  const mainFile = join(dir, 'main.json');
  const main = JSON.parse(readFileSync(mainFile, 'utf8')) as { plugins: Record<string, Record<string, unknown>> };
  main.plugins.share = { ...main.plugins.share, enabled: false };
  writeFileSync(mainFile, JSON.stringify(main, null, 2));
  writeFileSync(join(dir, 'flags.json'), JSON.stringify({ $schema: '../schemas/flagd/flags.json', flags: FLAGS }, null, 2));
  return dir;
}

describe('the flag context of a running server', () => {
  let server: RunningServer;
  let dir: string;
  beforeAll(async () => {
    dir = configCopy();
    server = await startServer({ env: { REGION_CONFIGS_DIR: dir, ACCESS_LOG: '0' } });
  });
  afterAll(async () => {
    await server?.stop('SIGKILL');
    rmSync(dir, { recursive: true, force: true });
  });

  /** The plugin ids the home page's plan carries, for these request headers. */
  async function planned(headers: Record<string, string>): Promise<string[]> {
    const r = await get(server.port, '/', { headers });
    expect(r.status).toBe(200);
    return ['share', 'chat'].filter((id) => r.text.includes(`"id":"${id}"`));
  }

  it("targets a logged-in user's country (the fake API's numbering) and VIP tier", async () => {
    const user = 'uid=77001; nickname=bob';
    expect(await planned({ cookie: `${user}; mock_scenario=hk-user` })).toContain('share');
    expect(await planned({ cookie: user })).not.toContain('share');
    expect(await planned({ cookie: 'mock_scenario=hk-user' })).not.toContain('share');
  });

  it("targets the app's version from its cookie, else its user agent, with sem_ver", async () => {
    expect(await planned({ cookie: 'device_type=1; app_version=658020' })).not.toContain('chat');
    expect(await planned({ cookie: 'device_type=1; app_version=658019' })).toContain('chat');
    expect(await planned({ cookie: 'device_type=1', 'user-agent': 'Mozilla/5.0 ExchangeApp/700000' })).not.toContain('chat');
    expect(await planned({ cookie: 'device_type=1', 'user-agent': 'Mozilla/5.0 ExchangeApp/6.58.0' })).toContain('chat');
    // Outside the app (no device_type) the version is not read.
    expect(await planned({ cookie: 'app_version=700000' })).toContain('chat');
    expect(server.output()).not.toMatch(/\[flags\]/);
  });
});
