/**
 * Bare React SSR server for the bench's baseline: plain node:http + renderToPipeableStream, production React, one
 * process on 127.0.0.1:PORT. BARE_TARGETS = JSON { visitor: HtmlSize, user: HtmlSize }: the page sizes to match;
 * a request with a `uid` cookie gets the user page. Run with `node --import tsx tools/bench/bare-react/server.ts`.
 */
import type { HtmlSize } from '../html-size';

// Before React loads: it picks its production build from NODE_ENV.
process.env.NODE_ENV = 'production';
const { createServer } = await import('node:http');
const { createElement } = await import('react');
const { renderToPipeableStream } = await import('react-dom/server');
const { Page, renderOptions, sizedPage } = await import('./page');

const targets = JSON.parse(process.env.BARE_TARGETS ?? '') as Record<'visitor' | 'user', HtmlSize>;
const visitor = await sizedPage(targets.visitor);
const user = await sizedPage(targets.user);

createServer((req, res) => {
  const page = /(?:^|;\s*)uid=/.test(req.headers.cookie ?? '') ? user : visitor;
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
}).listen(Number(process.env.PORT), '127.0.0.1');
