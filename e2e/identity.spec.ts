import type { BrowserContext, Cookie } from '@playwright/test';
import { collectErrors, expect, hydrated, settled, site, test, useScenario } from './support';

/** Referral cookies, the device fingerprint cookie, the native app bridge. */

const byName = async (context: BrowserContext) => Object.fromEntries((await context.cookies(site())).map((c) => [c.name, c])) as Record<string, Cookie>;
const nowS = () => Date.now() / 1000;

test.describe('referral cookies (spec 000 §4)', () => {
  test('a verified invite replaces the stored one: ref_uid, ref_type, ref_channel and group_id for 7 days', async ({ page, context }) => {
    const errors = collectErrors(page);
    // A first invite is stored without a call (fidelity-widgets.spec.ts); a stored ref makes the next one verify.
    await context.addCookies([
      { name: 'ref_uid', value: 'OLDREF1', url: site() },
      { name: 'ref_type', value: '2', url: site() },
    ]);
    const verify = page.waitForResponse((r) => r.url().includes('/api/web/v1/rebate/verify_invite_info'));
    await page.goto(`${site()}/?ref=ABCD1234&ref_type=1&ch=twitter&group_id=7`);
    await hydrated(page);
    const reply = await verify;
    expect(new URL(reply.url()).searchParams.get('invite_code')).toBe('ABCD1234');
    expect(new URL(reply.url()).searchParams.get('ref_type')).toBe('1');
    await expect.poll(async () => (await byName(context)).group_id?.value).toBe('7');
    const c = await byName(context);
    expect(c.ref_uid.value).toBe('ABCD1234');
    expect(c.ref_type.value).toBe('1');
    expect(c.ref_channel.value).toBe('twitter');
    expect(c.ch.value).toBe('twitter');
    for (const name of ['ref_uid', 'ref_type', 'ref_channel', 'group_id']) {
      expect(Math.abs(c[name].expires - (nowS() + 604800)), `${name} expiry`).toBeLessThan(120);
    }
    expect(errors).toEqual([]);
  });

  test('code 10530135 with an existing ref cookie stores only channel and group', async ({ page, context }) => {
    await context.addCookies([
      { name: 'ref_uid', value: 'OLDREF1', url: site() },
      { name: 'ref_type', value: '1', url: site() },
      { name: 'ref_channel', value: 'old', url: site() },
    ]);
    const verify = page.waitForResponse((r) => r.url().includes('verify_invite_info'));
    await page.goto(`${site()}/?ref=SAMEGROUP1&ref_type=1&ch=telegram&group_id=9`);
    expect((await (await verify).json()).code).toBe(10530135);
    await expect.poll(async () => (await byName(context)).group_id?.value).toBe('9');
    const c = await byName(context);
    expect(c.ref_channel.value).toBe('telegram');
    expect(Math.abs(c.group_id.expires - (nowS() + 604800))).toBeLessThan(120);
    expect(c.ref_uid.value).toBe('OLDREF1');
    expect(c.ref_type.value).toBe('1');
  });

  test('an invalid invite (10530101) changes nothing', async ({ page, context }) => {
    await context.addCookies([
      { name: 'ref_uid', value: 'OLDREF1', url: site() },
      { name: 'ref_type', value: '1', url: site() },
    ]);
    const verify = page.waitForResponse((r) => r.url().includes('verify_invite_info'));
    await page.goto(`${site()}/?ref=INVALID42&ref_type=1&group_id=3`);
    expect((await (await verify).json()).code).toBe(10530101);
    await settled(page);
    const c = await byName(context);
    expect(c.ref_uid.value).toBe('OLDREF1');
    expect(c.ref_type.value).toBe('1');
    expect(c.group_id).toBeUndefined();
  });

  test('hostile parameters are ignored', async ({ page, context }) => {
    await page.goto(`${site()}/?ref=${'A'.repeat(80)}&ch=%0Aevil&group_id=1`);
    await hydrated(page);
    await settled(page);
    const c = await byName(context);
    expect(c.ref_uid).toBeUndefined();
    expect(c.group_id).toBeUndefined();
    expect(c.ch).toBeUndefined();
  });
});

test.describe('device fingerprint cookie (spec 000 §4)', () => {
  test.use({ freshContext: true });
  const VALID = /^[0-9a-f]{40}$/;

  test('a valid finger_print cookie appears on the home page', async ({ page, context }) => {
    const errors = collectErrors(page);
    await page.goto(site());
    await hydrated(page);
    await expect.poll(async () => (await byName(context)).finger_print?.value ?? '').toMatch(VALID);
    const c = (await byName(context)).finger_print;
    expect(Math.abs(parseInt(c.value.slice(0, 8), 16) - nowS())).toBeLessThan(120);
    expect(Math.abs(c.expires - (nowS() + 86400))).toBeLessThan(120);
    expect(await page.evaluate(() => typeof (window as unknown as { DFDID?: { getId: unknown } }).DFDID?.getId)).toBe('function');
    expect(errors).toEqual([]);
  });

  test('a forged cookie is replaced with a valid one; a valid one is kept', async ({ page, context }) => {
    await context.addCookies([{ name: 'finger_print', value: 'forged', url: site() }]);
    await page.goto(site());
    await expect.poll(async () => (await byName(context)).finger_print?.value ?? '').toMatch(VALID);
    const first = (await byName(context)).finger_print.value;
    await page.reload();
    await settled(page);
    expect((await byName(context)).finger_print.value).toBe(first);
  });

  test('an expired id is regenerated', async ({ page, context }) => {
    const old =
      Math.floor(nowS() - 90000)
        .toString(16)
        .padStart(8, '0') + 'a'.repeat(32);
    await context.addCookies([{ name: 'finger_print', value: old, url: site() }]);
    await page.goto(site());
    await expect.poll(async () => (await byName(context)).finger_print?.value ?? old).not.toBe(old);
    expect((await byName(context)).finger_print.value).toMatch(VALID);
  });

  test("a new browser's very first marketing API request carries device_id, the finger_print cookie", async ({ page, context }) => {
    const errors = collectErrors(page);
    await useScenario(context, 'homepage-banner');
    const marketing = page.waitForRequest((r) => new URL(r.url()).pathname.startsWith('/api/web/v1/marketing/'));
    await page.goto(site());
    const first = new URL((await marketing).url());
    expect(first.pathname).toBe('/api/web/v1/marketing/targeted-popup-plan/list');
    const deviceId = first.searchParams.get('device_id') ?? '';
    expect(deviceId).toMatch(VALID);
    expect(Math.abs(parseInt(deviceId.slice(0, 8), 16) - nowS())).toBeLessThan(120);
    expect((await byName(context)).finger_print.value).toBe(deviceId);
    // The banner the server could not ask for shows once asked.
    await expect(page.locator('[data-plugin="marketing"] .mkt-hb').getByRole('heading', { name: 'Trade to share 50,000 USDT' })).toBeVisible();
    expect(errors).toEqual([]);
  });

  test('on a trade page too: the first alpha-card request of a new browser carries device_id', async ({ page, context }) => {
    await useScenario(context, 'alpha-cards');
    const marketing = page.waitForRequest((r) => new URL(r.url()).pathname.startsWith('/api/web/v1/marketing/'));
    await page.goto(`${site()}/trade/BTC_USDT`);
    const first = new URL((await marketing).url());
    expect(first.pathname).toBe('/api/web/v1/marketing/get-user-plans');
    expect(first.searchParams.get('device_id')).toMatch(VALID);
    expect((await byName(context)).finger_print.value).toBe(first.searchParams.get('device_id'));
  });

  test('when the SDK cannot load, the marketing calls still go out (without device_id)', async ({ page, context }) => {
    await useScenario(context, 'fingerprint-sdk-missing');
    const marketing = page.waitForRequest((r) => new URL(r.url()).pathname.startsWith('/api/web/v1/marketing/'));
    await page.goto(site());
    expect(new URL((await marketing).url()).searchParams.has('device_id')).toBe(false);
  });

  test('SDK 404 (fingerprint-sdk-missing) stores the encoded error marker', async ({ page, context }) => {
    await useScenario(context, 'fingerprint-sdk-missing');
    await page.goto(site());
    await expect.poll(async () => (await byName(context)).finger_print?.value ?? '').toBe('ERROR_failed%20to%20load%20script');
  });

  test('SDK that never starts (fingerprint-sdk-broken) stores the marker after the 1 s wait', async ({ page, context }) => {
    await useScenario(context, 'fingerprint-sdk-broken');
    await page.goto(site());
    await hydrated(page);
    await expect
      .poll(async () => (await byName(context)).finger_print?.value ?? '', { timeout: 10_000 })
      .toBe('ERROR_SDK%20failed%20to%20initialize%20after%20loading');
  });
});

test.describe('native app bridge (deep-links)', () => {
  test.use({ freshContext: true });
  async function inApp(context: BrowserContext, deviceType: string, version: string) {
    await context.addCookies([
      { name: 'device_type', value: deviceType, url: site() },
      { name: 'app_version', value: version, url: site() },
    ]);
    await context.addInitScript(() => {
      const sent: unknown[] = ((window as unknown as { __sent: unknown[] }).__sent = []);
      (window as unknown as { gateBridge: unknown }).gateBridge = { postMessage: (m: string) => sent.push(JSON.parse(m)) };
    });
  }
  const sent = (page: import('@playwright/test').Page) => page.evaluate(() => (window as unknown as { __sent: unknown[] }).__sent);

  test('Android app: refresh disabled, data-native links open native pages', async ({ page, context }) => {
    await inApp(context, '1', '658020');
    await page.goto(site());
    await hydrated(page);
    await expect.poll(() => sent(page)).toEqual([{ action: 'disableRefresh' }]);
    await page.evaluate(() => {
      document.body.insertAdjacentHTML(
        'beforeend',
        `<a id="native-alpha" href="/alpha" data-native="alpha" data-native-gate="alpha" data-native-params='{"token":"ordi"}'>Alpha</a>`,
      );
    });
    await page.locator('#native-alpha').focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => sent(page)).toContainEqual({ action: 'openPage', page: 'alpha', params: { token: 'ordi' } });
    expect(new URL(page.url()).pathname).toBe('/');
  });

  test('an app older than the alpha gate follows the web link (fallback)', async ({ page, context }) => {
    await inApp(context, '1', '658019');
    await page.goto(site());
    await hydrated(page);
    await page.evaluate(() => {
      document.body.insertAdjacentHTML('beforeend', `<a id="native-alpha" href="/alpha?from=fallback" data-native="alpha" data-native-gate="alpha">Alpha</a>`);
    });
    await page.locator('#native-alpha').click();
    await page.waitForURL(/from=fallback/);
    expect(await sent(page)).not.toContainEqual(expect.objectContaining({ action: 'openPage' }));
  });

  test('outside the app nothing is sent to a bridge', async ({ page, context }) => {
    await inApp(context, '0', '658020');
    await page.goto(site());
    await settled(page);
    expect(await sent(page)).toEqual([]);
  });
});

test.describe('service worker (host/public/sw.js)', () => {
  test.use({ freshContext: true });
  test('caches hashed assets, never API replies or pages', async ({ page }) => {
    const res = await page.request.get(`${site()}/sw.js`);
    expect(res.ok()).toBe(true);
    expect(res.headers()['content-type']).toMatch(/javascript/);
    await page.goto(site());
    await hydrated(page);
    // The lead wires registerServiceWorker() into the client entry; here the page registers it the same way.
    await page.evaluate(async () => {
      await navigator.serviceWorker.register('/sw.js', { scope: '/', updateViaCache: 'none' });
      await navigator.serviceWorker.ready;
    });
    await page.reload();
    await hydrated(page);
    await expect.poll(() => page.evaluate(() => !!navigator.serviceWorker.controller)).toBe(true);
    await page.reload();
    await hydrated(page);
    const cached = await page.evaluate(async () => {
      const names = await caches.keys();
      const out: string[] = [];
      for (const n of names) for (const r of await (await caches.open(n)).keys()) out.push(new URL(r.url).pathname);
      return { names, out };
    });
    expect(cached.names).toEqual(['shell-static-v1']);
    expect(cached.out.some((p) => p.startsWith('/assets/'))).toBe(true);
    expect(cached.out.filter((p) => /^\/(api|apiw|apiweb|json_svr)\//.test(p) || p === '/' || p.endsWith('.html'))).toEqual([]);
  });
});
