import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHROMIUM_ARGS, TEST_CHROMIUM_PATH } from '../../tools/chromium';
import { get, ROOT, startServer, type RunningServer } from './support';

/**
 * The README's rollout example, as written there: the new-user popup at most once a day for 10 % of visitors, the
 * rest as configured. Each group is served the popup (an option variant is laid over the configured option, so
 * neither loses it), and each is held to its own frequency in Chromium. Beside it the README's chat kill switch, and
 * an operator who signs in to the operator page in Chromium and finds both there.
 */
const TOKEN = 'operator-token-for-rollout-tests-0123456789';

/** A flag of the README, parsed from its code block. */
function readmeFlag(key: string): Record<string, unknown> {
  const readme = readFileSync(resolve(ROOT, 'README.md'), 'utf8');
  const block = new RegExp(`\`\`\`json\\n("${key.replace(/\./g, '\\.')}":[\\s\\S]*?)\\n\`\`\``).exec(readme);
  if (!block) throw new Error(`README.md has no json block with the ${key} flag`);
  return (JSON.parse(`{${block[1]}}`) as Record<string, Record<string, unknown>>)[key];
}

/** The newbie popup's options the page was served with (the request's plan in its boot data). */
async function servedNewbie(port: number, fingerprint: string): Promise<{ maxPerDay: number; minGapMinutes: number; enabled: boolean }> {
  const r = await get(port, '/', { headers: { cookie: `finger_print=${fingerprint}; cookie_consent=all` } });
  expect(r.status).toBe(200);
  // The boot data's plan (after the region config, which holds the configured options).
  const m = /"plan":\{"region":"main","plugins":\[[\s\S]*?"newbie":(\{[^{}]*\})/.exec(r.text);
  if (!m) throw new Error('the page names no newbie options');
  return JSON.parse(m[1]) as { maxPerDay: number; minGapMinutes: number; enabled: boolean };
}

/** A fresh device id as the fingerprint plugin keeps it (issue time in 8 hex digits, 40 characters): the browser keeps it. */
const fingerprintOf = (i: number) =>
  `${Math.floor(Date.now() / 1000)
    .toString(16)
    .padStart(8, '0')}${i.toString(16).padStart(32, '0')}`;

describe("the README's 10 % popup rollout, in Chromium", () => {
  let server: RunningServer;
  let dir: string;
  let browser: Browser;
  const flags = {
    'plugin.marketing.option.newbie': readmeFlag('plugin.marketing.option.newbie'),
    'plugin.chat.enabled': readmeFlag('plugin.chat.enabled'),
  };

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'shell-rollout-'));
    cpSync(resolve(ROOT, 'region-configs'), dir, { recursive: true, filter: (src) => !src.endsWith('README.md') });
    writeFileSync(join(dir, 'flags.json'), JSON.stringify({ flags }, null, 2));
    server = await startServer({ env: { REGION_CONFIGS_DIR: dir, ACCESS_LOG: '0', WORKERS: '1', OPERATOR_TOKEN: TOKEN } });
    browser = await chromium.launch({ executablePath: TEST_CHROMIUM_PATH, args: CHROMIUM_ARGS });
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop('SIGKILL');
    rmSync(dir, { recursive: true, force: true });
  });

  it('about 10 % of visitors get once a day, the rest the configured popup: nobody loses it', async () => {
    const served = await Promise.all(Array.from({ length: 200 }, (_, i) => servedNewbie(server.port, fingerprintOf(i))));
    const onceADay = served.filter((o) => o.maxPerDay === 1 && o.minGapMinutes === 240).length;
    expect(served.every((o) => o.enabled)).toBe(true);
    expect(served.filter((o) => o.maxPerDay === 4 && o.minGapMinutes === 30).length).toBe(200 - onceADay);
    expect(onceADay).toBeGreaterThanOrEqual(5);
    expect(onceADay).toBeLessThanOrEqual(40);
  });

  it('a visitor of each group sees the popup; an hour later the configured group sees it again, the once-a-day group does not', async () => {
    const fingerprints = await Promise.all(
      Array.from({ length: 200 }, async (_, i) => [fingerprintOf(i), await servedNewbie(server.port, fingerprintOf(i))] as const),
    );
    const pick = (maxPerDay: number) => fingerprints.find(([, o]) => o.maxPerDay === maxPerDay)![0];
    for (const [fingerprint, showsAgain] of [
      [pick(1), false],
      [pick(4), true],
    ] as const) {
      const context = await browser.newContext();
      const url = `http://localhost:${server.port}`;
      await context.addCookies(
        ['finger_print', 'cookie_consent', 'mock_scenario'].map((name, i) => ({ name, value: [fingerprint, 'all', 'newbie-a'][i], url })),
      );
      const page = await context.newPage();
      const popup = page.getByRole('dialog', { name: 'Welcome gift for new users' });
      try {
        await visit(page, url);
        await popup.waitFor({ state: 'visible' });
        // The last show moved an hour back: past the configured 30 minutes, within the once-a-day group's 240.
        await page.evaluate(() => {
          const [count, at] = (localStorage.getItem('marketing_newbie_popup:/') ?? '').split('/');
          localStorage.setItem('marketing_newbie_popup:/', `${count}/${Number(at) - 60 * 60_000}`);
        });
        await visit(page, url);
        if (showsAgain) await popup.waitFor({ state: 'visible' });
        else expect(await popup.count(), fingerprint).toBe(0);
      } finally {
        await context.close();
      }
    }
  });

  it('an operator signs in with the form once and sees the kill switch and the rollout; a wrong token or another site gets nothing', async () => {
    const url = `http://localhost:${server.port}/__operator`;
    const context = await browser.newContext();
    const page = await context.newPage();
    try {
      expect((await page.goto(url))?.status()).toBe(401);
      await page.getByLabel('Operator token').fill('not-the-token-not-the-token-not-the-token');
      await page.getByRole('button', { name: 'Sign in' }).click();
      await expect.poll(() => page.getByRole('alert').textContent()).toBe('That is not the operator token.');
      expect(await context.cookies()).toEqual([]);
      await page.getByLabel('Operator token').fill(TOKEN);
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.getByRole('heading', { name: /^Configuration / }).waitFor();
      const [cookie] = await context.cookies();
      expect(cookie).toMatchObject({ name: 'operator_session', path: '/__operator', httpOnly: true, sameSite: 'Strict' });
      const main = page.locator('section', { has: page.getByRole('heading', { name: /^main — / }) });
      await expect
        .poll(() => main.getByRole('listitem').filter({ hasText: 'plugin.chat.enabled' }).textContent())
        .toMatch(/chat \(plugin\.chat\.enabled\): per request \(rules on region\); otherwise off/);
      await expect
        .poll(() => page.getByRole('row', { name: /plugin\.marketing\.option\.newbie/ }).textContent())
        .toContain('split once-a-day 10 / as-configured 90');
      // The decisions this process made per variant: pages served now count on a reload.
      for (let i = 0; i < 3; i++) expect((await get(server.port, '/', { headers: { cookie: `finger_print=${fingerprintOf(900 + i)}` } })).status).toBe(200);
      await page.reload();
      const decisions = page
        .getByRole('row', { name: /plugin\.marketing\.option\.newbie/ })
        .getByRole('cell')
        .last();
      expect(await decisions.textContent()).toMatch(/^(?:(?:once-a-day|as-configured) \d+)+$/);
      // Signed in, the page works on reload, and signing out ends it.
      expect((await page.reload())?.status()).toBe(200);
      await page.getByRole('button', { name: 'Sign out' }).click();
      await page.getByLabel('Operator token').waitFor();
      expect(await context.cookies()).toEqual([]);
    } finally {
      await context.close();
    }
    const form = `action=sign-in&token=${encodeURIComponent(TOKEN)}`;
    for (const headers of [{ 'sec-fetch-site': 'cross-site' }, { origin: 'https://evil.example' }, {}] as Array<Record<string, string>>) {
      const r = await get(server.port, '/__operator', {
        method: 'POST',
        body: form,
        headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
      });
      expect([r.status, r.headers['set-cookie']], JSON.stringify(headers)).toEqual([403, undefined]);
    }
  });

  it('an operator prepares a change: a broken edit shows its problems, a valid one gives a patch that git apply makes the edit; the live folder stays as it was', async () => {
    const live = readFileSync(join(dir, 'main.json'), 'utf8');
    const context = await browser.newContext({ acceptDownloads: true });
    const page = await context.newPage();
    try {
      await page.goto(`http://localhost:${server.port}/__operator`);
      await page.getByLabel('Operator token').fill(TOKEN);
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.getByRole('heading', { name: 'Prepare a change' }).waitFor();
      await page.getByRole('link', { name: 'main.json' }).click();
      const text = page.getByLabel('The whole file as it should be');
      expect(await text.inputValue()).toBe(live);
      await text.fill(live.replace('"id": 0,', '"id": "zero",'));
      await page.getByLabel("Your name (the change note's actor)").fill('Alice Martin');
      await page.getByLabel("Why (the change note's comment)").fill('Longer site name for the campaign');
      await page.getByRole('button', { name: 'Check and prepare the patch' }).click();
      await expect.poll(() => page.getByRole('alert').textContent()).toMatch(/Not valid: 1 problem.*main\.json:4:\d+ {2}\/id {2}/s);
      // The form keeps the edit and the note; fixed, the change is valid.
      const edited = live.replace('"ogSiteName": "Gate.com"', '"ogSiteName": "Gate.com Exchange"');
      await text.fill(edited);
      await page.getByRole('button', { name: 'Check and prepare the patch' }).click();
      await page.getByRole('heading', { name: /^Valid: the patch for main\.json/ }).waitFor();
      const shown = (await page.locator('pre').textContent()) ?? '';
      expect(shown).toContain('-  "ogSiteName": "Gate.com",\n+  "ogSiteName": "Gate.com Exchange",');
      expect(shown).toContain('+actor: Alice Martin\n+comment: Longer site name for the campaign');
      const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download the patch' }).click()]);
      const patch = readFileSync(await download.path(), 'utf8');
      expect([download.suggestedFilename(), patch]).toEqual(['main-change.patch', shown]);
      // Applied to a copy of the folder, the patch makes exactly the edit and the note.
      const copy = mkdtempSync(join(tmpdir(), 'shell-patched-'));
      try {
        cpSync(dir, copy, { recursive: true });
        writeFileSync(join(copy, 'change.patch'), patch);
        execFileSync('git', ['apply', 'change.patch'], { cwd: copy });
        expect(readFileSync(join(copy, 'main.json'), 'utf8')).toBe(edited);
        expect(readFileSync(join(copy, 'change.note'), 'utf8')).toBe('actor: Alice Martin\ncomment: Longer site name for the campaign\n');
      } finally {
        rmSync(copy, { recursive: true, force: true });
      }
      expect(readFileSync(join(dir, 'main.json'), 'utf8')).toBe(live);
    } finally {
      await context.close();
    }
    // Not signed in, or from another site, nothing is checked.
    const form = `action=prepare&file=main.json&text=${encodeURIComponent('{}')}&comment=x`;
    for (const [headers, status] of [
      [{ 'sec-fetch-site': 'same-origin' }, 401],
      [{ 'sec-fetch-site': 'cross-site', cookie: 'operator_session=1.x' }, 403],
    ] as Array<[Record<string, string>, number]>) {
      const r = await get(server.port, '/__operator', {
        method: 'POST',
        body: form,
        headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
      });
      expect(r.status, JSON.stringify(headers)).toBe(status);
    }
  });
});

/** Loads the page and waits until it hydrated and its requests are over (the popup's data has answered). */
async function visit(page: Page, url: string) {
  await page.goto(url);
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
  await page.waitForLoadState('networkidle');
}
