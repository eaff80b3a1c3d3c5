import { Writable } from 'node:stream';
import { createElement as h, type ReactNode } from 'react';
import { renderToPipeableStream, type RenderToPipeableStreamOptions } from 'react-dom/server';
import { htmlSize, type HtmlSize } from '../html-size';

/**
 * The bare React page: a document of sections of linked rows plus a JSON state script, sized at run time to the
 * shell's page (same element count; same bytes, as many of them in the inline script).
 */
export interface BarePage {
  rows: Array<{ href: string; name: string; price: string }>;
  /** Single spans in the footer that make the element count exact. */
  extra: number;
  state: unknown;
}

const ROWS_PER_SECTION = 10;
const STATE_PREFIX = 'window.__STATE__=';

function Row({ row }: { row: BarePage['rows'][number] }) {
  return h('li', null, h('a', { href: row.href }, h('span', { className: 'name' }, row.name), h('span', { className: 'price' }, row.price)));
}

export function Page({ page }: { page: BarePage }) {
  const sections: ReactNode[] = [];
  for (let i = 0; i < page.rows.length; i += ROWS_PER_SECTION) {
    const slice = page.rows.slice(i, i + ROWS_PER_SECTION);
    sections.push(
      h(
        'section',
        { key: i },
        h('h2', null, `Section ${i / ROWS_PER_SECTION + 1}`),
        h(
          'ul',
          null,
          slice.map((row, j) => h(Row, { key: j, row })),
        ),
      ),
    );
  }
  return h(
    'html',
    { lang: 'en' },
    h(
      'head',
      null,
      h('meta', { charSet: 'utf-8' }),
      h('meta', { name: 'viewport', content: 'width=device-width, initial-scale=1' }),
      h('title', null, 'Bare React page'),
    ),
    h(
      'body',
      null,
      h(
        'div',
        { id: 'root' },
        h('header', null, h('a', { href: '/' }, 'Home')),
        h('main', null, sections),
        h(
          'footer',
          null,
          Array.from({ length: page.extra }, (_, i) => h('span', { key: i }, 'x')),
        ),
      ),
    ),
  );
}

/** Render options, as a real page passes them: the state is serialised per request. */
export const renderOptions = (page: BarePage): RenderToPipeableStreamOptions => ({
  bootstrapScriptContent: STATE_PREFIX + JSON.stringify(page.state),
  bootstrapModules: ['/assets/entry.js'],
});

/** The whole HTML of a page, rendered the way the server renders it. */
export function renderHtml(page: BarePage): Promise<string> {
  return new Promise((resolve, reject) => {
    let html = '';
    const sink = new Writable({
      write(chunk: Buffer, _enc, cb) {
        html += chunk.toString();
        cb();
      },
    });
    sink.on('finish', () => resolve(html));
    const stream = renderToPipeableStream(h(Page, { page }), { ...renderOptions(page), onShellReady: () => stream.pipe(sink), onShellError: reject });
  });
}

/** A state object whose JSON is `chars` long (market rows, then padding). */
function stateOf(chars: number): unknown {
  const markets: object[] = [];
  // '{"markets":[],"pad":""}' is 23 characters; each market adds its JSON and a comma.
  for (let used = 23; ;) {
    const i = markets.length;
    const m = { symbol: `C${i}_USDT`, price: (1000 + i).toFixed(2), change: '+1.25', volume: 123456 + i };
    used += JSON.stringify(m).length + 1;
    if (used > chars) break;
    markets.push(m);
  }
  const state = { markets, pad: '' };
  state.pad = 'x'.repeat(Math.max(0, chars - JSON.stringify(state).length));
  return state;
}

const rowsOf = (n: number, nameLength: (i: number) => number) =>
  Array.from({ length: n }, (_, i) => ({ href: `/trade/C${i}_USDT`, name: 'n'.repeat(nameLength(i)), price: (1000 + i).toFixed(2) }));

/** Builds a page of `target.elements` elements and `target.bytes` bytes, `target.scriptBytes` of them in the script. */
export async function sizedPage(target: HtmlSize): Promise<BarePage> {
  const state = stateOf(target.scriptBytes - STATE_PREFIX.length);
  const base = htmlSize(await renderHtml({ rows: [], extra: 0, state })).elements;
  // Each row is 4 elements (li a span span); each section of rows adds 3 (section h2 ul).
  const elementsOf = (n: number) => base + 4 * n + 3 * Math.ceil(n / ROWS_PER_SECTION);
  let n = 0;
  while (elementsOf(n + 1) <= target.elements) n++;
  const extra = Math.max(0, target.elements - elementsOf(n));
  // Then the row names take the bytes still missing.
  const spare = Math.max(0, target.bytes - htmlSize(await renderHtml({ rows: rowsOf(n, () => 1), extra, state })).bytes);
  const each = n ? Math.floor(spare / n) : 0;
  return { rows: rowsOf(n, (i) => 1 + each + (i < spare - each * n ? 1 : 0)), extra, state };
}
