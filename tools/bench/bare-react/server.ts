/**
 * Bare React SSR server for the bench's baselines: plain node:http + renderToPipeableStream, production React, one
 * process on 127.0.0.1:PORT. BARE_TARGETS = JSON { visitor: HtmlSize, user: HtmlSize }: the page sizes to match;
 * a request with a `uid` cookie gets the user page. With BARE_CALLS=1 it is the floor of the shell's work: before each
 * render it makes the back-end calls the shell makes for that home page (home-calls.ts: the shell's client and shared
 * cache, its own embedded fake API thread), and GET /metrics counts them as the shell's /metrics does. Run with
 * `node --import tsx tools/bench/bare-react/server.ts`.
 */
import type { ServerResponse } from 'node:http';
import type { HtmlSize } from '../html-size';
import type { BarePage } from './page';

// Before React loads: it picks its production build from NODE_ENV.
process.env.NODE_ENV = 'production';
const { createServer } = await import('node:http');
const { createElement } = await import('react');
const { renderToPipeableStream } = await import('react-dom/server');
const { Page, renderOptions, sizedPage } = await import('./page');

const targets = JSON.parse(process.env.BARE_TARGETS ?? '') as Record<'visitor' | 'user', HtmlSize>;
const visitor = await sizedPage(targets.visitor);
const user = await sizedPage(targets.user);
const backend = process.env.BARE_CALLS === '1' ? await (await import('./home-calls')).startHomeBackend() : null;

function render(res: ServerResponse, page: BarePage) {
  const stream = renderToPipeableStream(createElement(Page, { page }), {
    ...renderOptions(page),
    onShellReady() {
      res.statusCode = 200;
      res.setHeader('Content-Type', 'text/html; charset=utf-8');
      stream.pipe(res);
    },
    onShellError() {
      res.statusCode = 500;
      res.end();
    },
  });
}

createServer((req, res) => {
  if (backend && req.url === '/metrics') {
    res.setHeader('Content-Type', 'text/plain; charset=utf-8');
    res.end(backend.metricsText());
    return;
  }
  const page = /(?:^|;\s*)uid=/.test(req.headers.cookie ?? '') ? user : visitor;
  if (backend) void backend.callsFor(req).then(() => render(res, page));
  else render(res, page);
}).listen(Number(process.env.PORT), '127.0.0.1');
