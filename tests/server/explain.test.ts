import { execFile } from 'node:child_process';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DIST, ROOT } from './support';

/** `npm run explain` runs `node <dist>/server/entry.js explain …`: the same program, through its public arguments. */
function explain(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((done) => {
    execFile(
      process.execPath,
      [resolve(DIST, 'server/entry.js'), 'explain', ...args],
      { cwd: ROOT, env: { ...process.env, NODE_ENV: 'production' } },
      (err, stdout, stderr) => {
        done({ code: err ? Number((err as { code?: number }).code ?? 1) : 0, stdout, stderr });
      },
    );
  });
}

describe('npm run explain', () => {
  it('explains a guard redirect with its rule, and no loaders run', async () => {
    const r = await explain('--region', 'main', '--path', '/trade/BTC_USDT', '--persona', 'restricted-country', '--json');
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const e = JSON.parse(r.stdout);
    expect(e.request).toMatchObject({ region: 'main', persona: 'restricted-country', loggedIn: true, locale: 'en' });
    expect(e.guards).toEqual([
      { pluginId: 'compliance', redirect: '/state_compliance_tips', reason: expect.stringMatching(/^compliance\.limit\.limit_country is '\w+'/) },
    ]);
    expect(e.redirect).toEqual({ status: 302, to: '/state_compliance_tips', by: "guard of 'compliance'" });
    expect(e.loaders).toEqual([]);
  });

  it('explains a page: plan with the plugins switched off and why, slots, loader outcomes, back-end calls and bytes per plugin', async () => {
    const r = await explain('--region', 'uk', '--path', '/', '--json');
    expect(r.code).toBe(0);
    const e = JSON.parse(r.stdout);
    expect(e.redirect).toBeNull();
    expect(e.status).toBe(200);
    expect(e.route).toMatchObject({ pattern: '/', owner: 'host' });
    expect(e.plan.order).toContain('compliance');
    expect(e.plan.firstRender).toContain('home');
    expect(e.plan.firstRender).not.toContain('analytics'); // shows nothing: activated after hydration
    expect(e.plan.off).toContainEqual({ pluginId: 'chat', why: expect.stringMatching(/region-configs\/uk\.json/) });
    expect(e.guards[0]).toMatchObject({ pluginId: 'compliance', reason: expect.stringContaining('main site only') });
    const home = e.slots.find((s: { name: string }) => s.name === 'home');
    expect(home.items.some((i: { id: string; active: boolean }) => i.id === 'home:stats' && i.active === true)).toBe(true);
    expect(e.loaders).toContainEqual(expect.objectContaining({ key: 'home/stats', outcome: 'value' }));
    expect(e.calls).toContainEqual(expect.objectContaining({ kind: 'call', path: '/api/web/v1/site/settings' }));
    const owners = e.bytes.map((b: { owner: string }) => b.owner);
    expect(owners[0]).toBe('shell');
    expect(owners).toContain('home');
    expect(owners).not.toContain('chat');
  });

  it("explains another app's page: the guards ran, then the hand-off, with no route, slot or loader of the shell", async () => {
    const r = await explain('--region', 'uk', '--path', '/myaccount/withdraw/USDT', '--json');
    expect(r.code).toBe(0);
    const e = JSON.parse(r.stdout);
    expect(e.hops).toEqual([expect.objectContaining({ to: '/en-uk/myaccount/withdraw/USDT' })]);
    expect(e.guards[0]).toMatchObject({ pluginId: 'compliance' });
    expect(e.handOff).toEqual({ prefix: '/myaccount/withdraw', status: 200 });
    expect([e.redirect, e.route, e.slots, e.loaders, e.bytes]).toEqual([null, null, [], [], []]);
    const text = await explain('--region', 'main', '--path', '/c2c/market');
    expect(text.stdout).toContain("Hand-off: '/c2c' is another app's (otherApps.paths): 200, the fake API's placeholder page of that app");
  });

  it('prints a readable report by default', async () => {
    const r = await explain('--region', 'main', '--path', '/');
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^localhost\/ {2}\(region main, .*; locale en; persona default \(visitor\), visitor\)/);
    for (const heading of [
      'Plan: ',
      'first render (loaded before hydrating): ',
      'after hydration',
      'Guards',
      'Answer: 200',
      'Slots',
      'Loaders',
      'Back-end calls',
      "Bytes of the page's scripts and styles",
    ])
      expect(r.stdout).toContain(heading);
    // The context the rollout flags were evaluated with, as they read it.
    expect(r.stdout).toMatch(/^ {2}context: region "main", locale "en", path "\/", loggedIn false/m);
    const user = await explain('--region', 'main', '--path', '/', '--uid', 'u1006');
    expect(user.stdout).toMatch(/^ {2}context: region "main", locale "en", path "\/", loggedIn false, uid "u1006"$/m);
  });

  it('exits 2 with the valid choices on an unknown region, persona or locale, or a bad path', async () => {
    const region = await explain('--region', 'mars', '--path', '/');
    expect([region.code, region.stdout]).toEqual([2, '']);
    expect(region.stderr).toMatch(/^unknown region 'mars'; regions: main, tr, eu, hk, us, bs, sg, uk, jp, ae, au, testnet\nusage: /);
    const persona = await explain('--region', 'main', '--path', '/', '--persona', 'nobody');
    expect(persona.code).toBe(2);
    expect(persona.stderr).toMatch(/^unknown persona 'nobody'; scenarios: default, visitor, verified-user, /);
    const locale = await explain('--region', 'uk', '--path', '/', '--locale', 'zh');
    expect(locale.code).toBe(2);
    expect(locale.stderr).toMatch(/^region 'uk' does not serve locale 'zh'; its locales: /);
    const path = await explain('--region', 'main', '--path', 'trade');
    expect(path.code).toBe(2);
    expect(path.stderr).toMatch(/^'trade' is not a path/);
    const unknownFlag = await explain('--region', 'main', '--path', '/', '--colour');
    expect(unknownFlag.code).toBe(2);
  });
});
