/**
 * The React floor: React + ReactDOM hydrating a trivial server-rendered page (`floor-page/`), built in the bench run
 * with the shell's React and Vite (production, the same target), and measured like the shell's home.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { resolve } from 'node:path';
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import type { Browser } from 'playwright-core';
import { measureScripts, type ScriptFigures } from './bundles';
import { App } from './floor-page/App';
import { serveStatic } from './static-server';

const ROOT = resolve(import.meta.dirname, '../..');
const PAGE_ROOT = resolve(import.meta.dirname, 'floor-page');
const OUT = resolve(ROOT, '.tmp/floor-bench');

/** Builds the floor page, puts its server render in the HTML, serves it and measures its JavaScript. */
export async function measureFloor(browser: Browser): Promise<ScriptFigures> {
  const { build } = await import('vite');
  const { default: react } = await import('@vitejs/plugin-react');
  await build({
    root: PAGE_ROOT,
    configFile: false,
    logLevel: 'warn',
    mode: 'production',
    plugins: [react()],
    build: { outDir: OUT, emptyOutDir: true, target: 'es2022', sourcemap: false },
  });
  const index = resolve(OUT, 'index.html');
  writeFileSync(index, readFileSync(index, 'utf8').replace('<!--app-->', renderToString(createElement(App))));
  const server = await serveStatic(OUT);
  try {
    return await measureScripts(browser, `http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
  } finally {
    await new Promise((r) => server.close(r));
  }
}
