import type { ServerResponse } from 'node:http';
import { setErrorPageHeaders } from './security';

const ERROR_PAGE =
  '<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>Something went wrong</title></head>' +
  '<body style="font-family:system-ui,sans-serif;text-align:center;padding:4rem 1rem"><h1>Something went wrong</h1><p>Please try again in a moment.</p>' +
  // href="" reloads this very URL (query included): no script, so the page's policy allows none.
  '<a href="" style="display:inline-block;padding:.6rem 1.4rem;border-radius:8px;background:#2354e6;color:#fff;font-size:1rem;text-decoration:none">Refresh</a></body></html>';

/** The last-resort page when even the shell cannot render: no script, no inline handler, its own strict CSP. */
export function sendErrorPage(res: ServerResponse, https = false) {
  if (res.headersSent) return void res.end();
  res.statusCode = 500;
  res.setHeader('Content-Type', 'text/html; charset=utf-8');
  res.setHeader('Cache-Control', 'no-store');
  setErrorPageHeaders(res, https);
  res.end(ERROR_PAGE);
}
