import type { Page } from '@playwright/test';
import { hydrated, logIn, regionGet, site, expect, test } from './support';

/**
 * Spec 000 §2 and §4: the sites with regional locale paths always carry them; main, Turkey and the sites without
 * one keep their default language bare; an unsupported locale resets the `lang` cookie and redirects; documents are
 * never prefixed.
 */
const REGIONAL: Record<string, { home: string; locales: Array<[code: string, htmlLang: string]> }> = {
  eu: {
    home: '/en-eu/',
    locales: [
      ['en-eu', 'en'],
      ['it-eu', 'it'],
    ],
  },
  us: { home: '/en-us/', locales: [['en-us', 'en-US']] },
  uk: { home: '/en-uk/', locales: [['en-uk', 'en-GB']] },
  au: { home: '/en-au/', locales: [['en-au', 'en-AU']] },
  jp: {
    home: '/ja-jp/',
    locales: [
      ['ja-jp', 'ja-JP'],
      ['en-jp', 'en-JP'],
    ],
  },
  ae: {
    home: '/en-dubai/',
    locales: [
      ['en-dubai', 'en-AE'],
      ['ar-dubai', 'ar-AE'],
    ],
  },
};
const BARE_DEFAULT: Record<string, string> = { main: 'en', tr: 'tr', hk: 'en', bs: 'en', sg: 'en', testnet: 'en' };

const origin = (region: string) => site(region);
const htmlLang = (html: string) => /<html lang="([^"]+)"/.exec(html)?.[1];
const hrefsOf = (html: string, rel: string) => [...html.matchAll(new RegExp(`<link rel="${rel}"[^>]*href="([^"]+)"`, 'g'))].map((m) => m[1]);

test.describe('regional locale paths (HTTP)', () => {
  for (const [region, { home, locales }] of Object.entries(REGIONAL)) {
    for (const [code, lang] of locales) {
      test(`${region}: /${code}/ serves its pages in ${lang}, canonical and alternates prefixed`, async ({ request }) => {
        for (const path of [`/${code}/`, `/${code}`, `/${code}/trade/BTC_USDT`]) {
          const res = await regionGet(request, region, path, { maxRedirects: 0 });
          expect(res.status(), path).toBe(200);
          expect(htmlLang(await res.text()), path).toBe(lang);
        }
        const html = await (await regionGet(request, region, `/${code}/trade/BTC_USDT`)).text();
        expect(hrefsOf(html, 'canonical')).toEqual([`${origin(region)}/${code}/trade/BTC_USDT`]);
        const alternates = hrefsOf(html, 'alternate');
        for (const [other] of locales) expect(alternates).toContain(`${origin(region)}/${other}/trade/BTC_USDT`);
        expect(html).toContain(`hrefLang="x-default" href="${origin(region)}${home}trade/BTC_USDT"`);
        expect(alternates.every((href) => href.startsWith(`${origin(region)}/`) && /^\/[a-z]+-[a-z]+\//.test(new URL(href).pathname))).toBe(true);
      });
    }

    test(`${region}: an unprefixed path redirects to ${home}, query kept`, async ({ request }) => {
      const root = await regionGet(request, region, '/', { maxRedirects: 0 });
      expect(root.status()).toBe(302);
      expect(root.headers().location).toBe(home);
      const deep = await regionGet(request, region, '/trade/BTC_USDT?interval=1h&theme=dark', { maxRedirects: 0 });
      expect(deep.status()).toBe(302);
      expect(deep.headers().location).toBe(`${home}trade/BTC_USDT?interval=1h&theme=dark`);
    });
  }

  for (const [region, lang] of Object.entries(BARE_DEFAULT)) {
    test(`${region}: the default language (${lang}) stays unprefixed`, async ({ request }) => {
      const res = await regionGet(request, region, '/trade/BTC_USDT', { maxRedirects: 0, headers: { cookie: `lang=${lang}` } });
      expect(res.status()).toBe(200);
      const html = await res.text();
      expect(hrefsOf(html, 'canonical')).toEqual([`${origin(region)}/trade/BTC_USDT`]);
      const prefixed = await regionGet(request, region, `/${lang}/trade/BTC_USDT?a=1`, { maxRedirects: 0 });
      expect(prefixed.status()).toBe(302);
      expect(prefixed.headers().location).toBe('/trade/BTC_USDT?a=1');
    });
  }

  test('US /login and /signup are served bare; their prefixed form redirects there', async ({ request }) => {
    for (const path of ['/login', '/signup']) {
      const res = await regionGet(request, 'us', `${path}?ch=x`, { maxRedirects: 0 });
      expect(res.status(), path).toBe(200);
      const html = await res.text();
      expect(htmlLang(html)).toBe('en-US');
      expect(hrefsOf(html, 'canonical')).toEqual([`${origin('us')}${path}`]);
      // The page's own links follow the rule: prefixed site paths, the bare exceptions.
      expect(html).toContain('href="/en-us/trade/BTC_USDT"');
      expect(html).toContain('href="/signup"');
      expect(html).not.toContain('href="/trade/BTC_USDT"');
      const prefixed = await regionGet(request, 'us', `/en-us${path}?ch=x`, { maxRedirects: 0 });
      expect(prefixed.status()).toBe(302);
      expect(prefixed.headers().location).toBe(`${path}?ch=x`);
    }
  });

  test('documents are never prefixed: a prefixed document path redirects to the bare file', async ({ request }) => {
    for (const [region, path] of [
      ['uk', '/en-uk/docs/uk_agreement.html'],
      ['hk', '/zh/docs/hk_agreement.pdf'],
      ['jp', '/ja-jp/docs/x.pdf'],
    ]) {
      const res = await regionGet(request, region, path, { maxRedirects: 0 });
      expect(res.status(), path).toBe(302);
      expect(res.headers().location).toBe(path.replace(/^\/[a-z-]+/, ''));
    }
    const bare = await regionGet(request, 'uk', '/docs/uk_agreement.html', { maxRedirects: 0 });
    expect(bare.status()).not.toBe(302);
  });
});

test.describe('unsupported locale (HTTP)', () => {
  const cases: Array<[what: string, region: string, path: string, cookie: string | null, location: string, lang: string]> = [
    ['main: prefix', 'main', '/ja-jp/trade/BTC_USDT?q=1', null, '/trade/BTC_USDT?q=1', 'en'],
    ['main: cookie', 'main', '/trade/BTC_USDT', 'en-eu', '/trade/BTC_USDT', 'en'],
    ['Turkey: prefix', 'tr', '/zh/', null, '/', 'tr'],
    ['Turkey: cookie', 'tr', '/trade/BTC_USDT', 'ja', '/trade/BTC_USDT', 'tr'],
    ['hk (no regional path): prefix', 'hk', '/fr/trade/BTC_USDT', null, '/trade/BTC_USDT', 'en'],
    ['eu: prefix', 'eu', '/fr/trade/BTC_USDT?q=1', null, '/en-eu/trade/BTC_USDT?q=1', 'en-eu'],
    ['eu: cookie', 'eu', '/trade/BTC_USDT', 'zh', '/en-eu/trade/BTC_USDT', 'en-eu'],
    ['jp: prefix, English not ja-jp', 'jp', '/zh/', null, '/en-jp/', 'en-jp'],
    ['jp: cookie, English not ja-jp', 'jp', '/', 'en', '/en-jp/', 'en-jp'],
    ['ae: prefix', 'ae', '/ar/', null, '/en-dubai/', 'en-dubai'],
    ["uk: another site's locale", 'uk', '/en-au/trade/BTC_USDT', null, '/en-uk/trade/BTC_USDT', 'en-uk'],
    ['us: cookie on /login', 'us', '/login', 'tr', '/login', 'en-us'],
  ];
  for (const [what, region, path, cookie, location, lang] of cases) {
    test(`${what}: resets lang to ${lang} and redirects to ${location}`, async ({ request }) => {
      const res = await regionGet(request, region, path, { maxRedirects: 0, headers: cookie ? { cookie: `lang=${cookie}` } : {} });
      expect(res.status()).toBe(302);
      expect(res.headers().location).toBe(location);
      expect(res.headers()['set-cookie']).toMatch(new RegExp(`(^|\\n)lang=${lang};`));
      // The target then answers with the page, without another redirect.
      const next = await regionGet(request, region, location, { maxRedirects: 0, headers: { cookie: `lang=${lang}` } });
      expect(next.status()).toBe(200);
    });
  }
});

/** Site-path hrefs (not assets, anchors or other sites) of the links in a part of the page. */
async function sitePaths(page: Page, selector: string): Promise<string[]> {
  const hrefs = await page.locator(`${selector} a[href]`).evaluateAll((as) => as.map((a) => a.getAttribute('href') ?? ''));
  return hrefs.filter((h) => h.startsWith('/') && !h.startsWith('//'));
}

/** Navigation requests of the main frame (a redirect hop shows as a request of its own). */
function navigations(page: Page): string[] {
  const urls: string[] = [];
  page.on('request', (r) => {
    if (r.isNavigationRequest() && r.frame() === page.mainFrame()) urls.push(new URL(r.url()).pathname);
  });
  return urls;
}

test.describe('links in the browser', () => {
  test('EU and UAE: header and footer links carry the locale prefix', async ({ page }) => {
    for (const [region, path, prefix, dir] of [
      ['eu', '/it-eu/', '/it-eu/', 'ltr'],
      ['eu', '/en-eu/', '/en-eu/', 'ltr'],
      ['ae', '/ar-dubai/', '/ar-dubai/', 'rtl'],
      ['ae', '/en-dubai/', '/en-dubai/', 'ltr'],
    ]) {
      await page.goto(`${site(region)}${path}`);
      await hydrated(page);
      await expect(page.locator('html')).toHaveAttribute('dir', dir);
      const header = await sitePaths(page, 'header');
      const footer = await sitePaths(page, 'footer');
      expect(header.length, `${region} header links`).toBeGreaterThan(6);
      expect(footer.length, `${region} footer links`).toBeGreaterThan(6);
      // The language picker links to the site's other locale; everything else stays in this one.
      const picker = await page.locator('header .shell-lang a').evaluateAll((as) => as.map((a) => a.getAttribute('href')));
      for (const href of [...header.filter((h) => !picker.includes(h)), ...footer]) expect(href, `${region}${path}`).toMatch(new RegExp(`^${prefix}`));
      expect(picker.every((h) => /^\/[a-z]+-[a-z]+\/$/.test(h ?? ''))).toBe(true);
      expect(footer).toContain(`${prefix}legal/${region === 'ae' ? 'privacy-and-cookie-policy' : 'privacy-policy'}`);
    }
  });

  test('document links are not prefixed (UK agreement, Hong Kong PDF in Chinese)', async ({ page }) => {
    await page.goto(`${site('uk')}/en-uk/`);
    const footer = page.locator('footer');
    await expect(footer.getByRole('link', { name: 'User agreement' })).toHaveAttribute('href', '/docs/uk_agreement.html');
    await expect(footer.getByRole('link', { name: 'Privacy policy' })).toHaveAttribute('href', '/en-uk/legal/privacy-policy');
    await page.goto(`${site('hk')}/zh/`);
    await expect(page.locator('footer a[href$=".pdf"]')).toHaveAttribute('href', '/docs/hk_agreement.pdf');
    await expect(page.locator('footer a[href*="/zh/docs/"]')).toHaveCount(0);
  });

  test('client navigation keeps the prefix: header, language picker, footer, and a scripted log-out', async ({ page, context }) => {
    await logIn(context, 'eu');
    const hops = navigations(page);
    await page.goto(`${site('eu')}/it-eu/`);
    await hydrated(page);
    await page.locator('[data-track="header.nav.spot"]').click();
    await page.waitForURL(`${site('eu')}/it-eu/trade/BTC_USDT`);
    await expect(page.locator('html')).toHaveAttribute('lang', 'it');
    await hydrated(page);

    await page.locator('header .shell-lang summary').click();
    await page.locator('header .shell-lang').getByRole('link', { name: 'English (EU)' }).click();
    await page.waitForURL(`${site('eu')}/en-eu/trade/BTC_USDT`);
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await hydrated(page);

    await page.locator('footer').getByRole('link', { name: 'Help center' }).click();
    await page.waitForURL(`${site('eu')}/en-eu/help`);
    await hydrated(page);

    await page.locator('header .shell-user summary').click();
    await page.locator('header').getByRole('button', { name: 'Log out' }).click();
    await page.waitForURL(`${site('eu')}/en-eu/`);
    // Every click went straight to the prefixed page: no unprefixed request, no redirect hop.
    expect(hops).toEqual(['/it-eu/', '/it-eu/trade/BTC_USDT', '/en-eu/trade/BTC_USDT', '/en-eu/help', '/en-eu/']);
  });

  test('the US transfer page gives the micro-apps the /en-us prefix', async ({ page, context }) => {
    await logIn(context, 'us');
    await page.goto(`${site('us')}/en-us/myaccount/transfer`);
    await hydrated(page);
    const frame = page.frameLocator('[data-micro-app="funds-transfer"] iframe');
    await expect(frame.locator('pre[data-props]')).toContainText('"langPrefix":"/en-us"');
    const props = JSON.parse((await frame.locator('pre[data-props]').textContent()) ?? '{}');
    expect(props).toMatchObject({ language: 'en-us', langPrefix: '/en-us', sub_website_id: 232 });
  });
});
