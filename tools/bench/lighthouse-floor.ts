/**
 * The Lighthouse floor of a shell page: bare React hydrating a page of the same HTML (the SSR part's bare page, sized at
 * run time to the shell page's element count, bytes and inline-script bytes, tools/bench/bare-react/page.ts), built
 * with the shell's React and Vite (production, the same target) and served statically. What a React page of that size
 * costs a phone by itself; the shell's page is measured alternately with it.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { resolve } from 'node:path';
import { htmlSize, type HtmlSize } from './html-size';
import { fetchText } from './load';
import { renderHtml, sizedPageSpec } from './bare-react/page';
import { serveStatic } from './static-server';

const ROOT = resolve(import.meta.dirname, '../..');
const CLIENT = resolve(import.meta.dirname, 'bare-react/client/main.ts');
const OUT = resolve(ROOT, '.tmp/lighthouse-floor');

/** A page to build a floor for: its name in the file tree, and the shell page it is sized to. */
export interface FloorTarget {
  file: string;
  path: string;
  cookies?: Record<string, string>;
}

export interface FloorPages {
  /** The floor's address for each target file, and the size it was built to. */
  pages: Map<string, { url: string; size: HtmlSize }>;
  close(): Promise<void>;
}

/** Builds the floor's browser entry once, then one page per target sized to the shell's page at `port`; serves them. */
export async function buildFloorPages(port: number, targets: readonly FloorTarget[]): Promise<FloorPages> {
  const { build } = await import('vite');
  await build({
    configFile: false,
    logLevel: 'warn',
    mode: 'production',
    build: {
      outDir: OUT,
      emptyOutDir: true,
      target: 'es2022',
      sourcemap: false,
      rollupOptions: { input: CLIENT, output: { entryFileNames: 'assets/entry.js' } },
    },
  });
  const sizes = new Map<string, HtmlSize>();
  for (const t of targets) {
    const cookie = Object.entries(t.cookies ?? {})
      .map(([k, v]) => `${k}=${v}`)
      .join('; ');
    const { status, text } = await fetchText(port, { host: 'localhost', path: t.path, headers: cookie ? { cookie } : {} });
    if (status !== 200) throw new Error(`the shell answered ${status} for ${t.path}`);
    const size = htmlSize(text);
    const { page, spec } = await sizedPageSpec(size);
    mkdirSync(OUT, { recursive: true });
    const html = await renderHtml(page, spec);
    writeFileSync(resolve(OUT, `${t.file}.html`), html.startsWith('<!DOCTYPE') ? html : `<!DOCTYPE html>${html}`);
    sizes.set(t.file, size);
  }
  const server = await serveStatic(OUT);
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    pages: new Map([...sizes].map(([file, size]) => [file, { url: `${origin}/${file}.html`, size }])),
    close: () => new Promise((done) => server.close(() => done())),
  };
}
