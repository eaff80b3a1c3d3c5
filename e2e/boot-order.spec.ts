import { createServer, request as httpRequest, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { collectErrors, expect, hydrated, PORT, test } from './support';

// A first visit: what the proxy below holds back must not be in the tab's cache already.
test.use({ freshContext: true });

/** Where the proxy cuts a page: before the start script, which makes the boot state (the data blocks come before it). */
const CUT = '<script id="shell-start"';

/**
 * A proxy to the test server that sends each page up to its start script, then holds the rest until `release()`:
 * the browser has the async entry module (React sends it ahead of the page's last part) long before the boot state.
 */
function holdingProxy() {
  const held: Array<() => void> = [];
  let releaseAll = false;
  const server: Server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const upstream = httpRequest(
      {
        host: 'localhost',
        port: PORT,
        path: req.url,
        method: req.method,
        headers: { ...req.headers, host: `localhost:${PORT}`, 'accept-encoding': 'identity' },
      },
      (up) => {
        const isPage = (up.headers['content-type'] ?? '').startsWith('text/html');
        res.writeHead(up.statusCode ?? 502, up.headers);
        if (!isPage) return void up.pipe(res);
        const chunks: Buffer[] = [];
        up.on('data', (c: Buffer) => chunks.push(c));
        up.on('end', () => {
          const html = Buffer.concat(chunks).toString();
          const at = html.indexOf(CUT);
          res.write(html.slice(0, at < 0 ? html.length : at));
          const rest = () => res.end(at < 0 ? '' : html.slice(at));
          if (releaseAll) rest();
          else held.push(rest);
        });
      },
    );
    upstream.on('error', () => res.destroy());
    req.pipe(upstream);
  });
  return {
    listen: () => new Promise<string>((resolve) => server.listen(0, '127.0.0.1', () => resolve(`http://localhost:${(server.address() as AddressInfo).port}`))),
    release: () => {
      releaseAll = true;
      for (const rest of held.splice(0)) rest();
    },
    // The page's open streams (trade's live prices) would hold a plain close for ever.
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

for (const path of ['/', '/trade/BTC_USDT']) {
  test(`${path}: an entry module that runs before the boot state waits for it, then hydrates the page`, async ({ page }) => {
    const proxy = holdingProxy();
    const origin = await proxy.listen();
    try {
      const errors = collectErrors(page);
      await page.goto(`${origin}${path}`, { waitUntil: 'commit' });
      // The entry ran with the page cut short: it left its callback for the start script, and nothing hydrated yet.
      const failed = page.waitForEvent('pageerror').then((e) => Promise.reject(new Error(`the entry failed before the boot state came: ${e.message}`)));
      failed.catch(() => {}); // once the race is over, the page's close rejects it
      await Promise.race([page.waitForFunction(() => typeof (window as { __SHELL_BOOTED__?: unknown }).__SHELL_BOOTED__ === 'function'), failed]);
      expect(await page.evaluate(() => document.documentElement.dataset.hydrated)).toBeUndefined();
      proxy.release();
      await hydrated(page);
      expect(await page.evaluate(() => '__SHELL_BOOTED__' in window)).toBe(false);
      // Trade's chart draws too (and its live stream is open when the proxy closes: what `close` must not wait on).
      if (path !== '/') await expect(page.locator('[data-plugin="chart"] .chart-widget')).toHaveAttribute('data-ready', 'true', { timeout: 20_000 });
      expect(errors).toEqual([]);
    } finally {
      proxy.release();
      await proxy.close();
    }
  });
}
