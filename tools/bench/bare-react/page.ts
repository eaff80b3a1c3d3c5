import { Writable } from 'node:stream';
import { createElement as h } from 'react';
import { renderToPipeableStream, type RenderToPipeableStreamOptions } from 'react-dom/server';
import { htmlSize, type HtmlSize } from '../html-size';
import { Page, pageOfSpec, ROWS_PER_SECTION, rowsOf, type BarePage, type BarePageSpec } from './page-view';

export { Page, type BarePage };

const STATE_PREFIX = 'window.__STATE__=';

/** Render options, as a real page passes them: the state is serialised per request. */
export const renderOptions = (page: BarePage): RenderToPipeableStreamOptions => ({
  bootstrapScriptContent: STATE_PREFIX + JSON.stringify(page.state),
  bootstrapModules: ['/assets/entry.js'],
});

/** The whole HTML of a page, rendered the way the server renders it (`spec`: also what the browser hydrates it from). */
export function renderHtml(page: BarePage, spec?: BarePageSpec): Promise<string> {
  return new Promise((resolve, reject) => {
    let html = '';
    const sink = new Writable({
      write(chunk: Buffer, _enc, cb) {
        html += chunk.toString();
        cb();
      },
    });
    sink.on('finish', () => resolve(html));
    const options = renderOptions(page);
    if (spec) options.bootstrapScriptContent += `;window.__SPEC__=${JSON.stringify(spec)}`;
    const stream = renderToPipeableStream(h(Page, { page }), { ...options, onShellReady: () => stream.pipe(sink), onShellError: reject });
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

/** Builds a page of `target.elements` elements and `target.bytes` bytes, `target.scriptBytes` of them in the script. */
export async function sizedPage(target: HtmlSize): Promise<BarePage> {
  return (await sizedPageSpec(target)).page;
}

/** `sizedPage`, with the spec it was made from. */
export async function sizedPageSpec(target: HtmlSize): Promise<{ page: BarePage; spec: BarePageSpec }> {
  const state = stateOf(target.scriptBytes - STATE_PREFIX.length);
  const base = htmlSize(await renderHtml({ rows: [], extra: 0, state })).elements;
  // Each row is 4 elements (li a span span); each section of rows adds 3 (section h2 ul).
  const elementsOf = (n: number) => base + 4 * n + 3 * Math.ceil(n / ROWS_PER_SECTION);
  let n = 0;
  while (elementsOf(n + 1) <= target.elements) n++;
  const extra = Math.max(0, target.elements - elementsOf(n));
  // Then the row names take the bytes still missing.
  const spare = Math.max(0, target.bytes - htmlSize(await renderHtml({ rows: rowsOf(n, () => 1), extra, state })).bytes);
  const spec = { rows: n, each: n ? Math.floor(spare / n) : 0, spare, extra };
  return { page: pageOfSpec(spec, state), spec };
}
