import { createElement as h, type ReactNode } from 'react';

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

/** How a sized page's rows were made: enough for a browser to make the same page again and hydrate it. */
export interface BarePageSpec {
  rows: number;
  /** Each row's name is 1 + `each` characters long, one more for the first `spare - each * rows` rows. */
  each: number;
  spare: number;
  extra: number;
}

export const ROWS_PER_SECTION = 10;

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

export const rowsOf = (n: number, nameLength: (i: number) => number) =>
  Array.from({ length: n }, (_, i) => ({ href: `/trade/C${i}_USDT`, name: 'n'.repeat(nameLength(i)), price: (1000 + i).toFixed(2) }));

/** The page a spec describes, with its state (what the browser hydrates). */
export function pageOfSpec(spec: BarePageSpec, state: unknown): BarePage {
  const { rows: n, each, spare, extra } = spec;
  return { rows: rowsOf(n, (i) => 1 + each + (i < spare - each * n ? 1 : 0)), extra, state };
}
