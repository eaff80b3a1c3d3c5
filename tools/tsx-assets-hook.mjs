/**
 * Node module hooks that let plain Node (with tsx) import plugin files written for Vite:
 * - style imports (.css, .scss, ...) become empty modules; CSS modules (*.module.css) export a class-name proxy;
 * - asset imports (.svg, .png, fonts, ...) and `?url` export the asset's site path as a string;
 * - `?raw` exports the file's text;
 * - `import.meta.env` gets Vite-like defaults in project sources.
 *
 * Use: `node --import tsx --import ./tools/tsx-assets-hook.mjs <script>`, or import this file before the first
 * dynamic import of plugin code (tools/plugin-discovery.ts does that when it is not registered yet).
 */
import { readFileSync } from 'node:fs';
import { register } from 'node:module';
import { relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { isMainThread } from 'node:worker_threads';

const FLAG = Symbol.for('exchange-shell.tsx-assets-hook');
const STYLE = /\.(css|scss|sass|less|styl|stylus|pcss|postcss|sss)$/i;
const CSS_MODULE = /\.module\.[a-z]+$/i;
const ASSET =
  /\.(svg|png|jpe?g|jfif|pjpeg|pjp|gif|webp|avif|apng|ico|bmp|tiff?|cur|woff2?|ttf|otf|eot|mp4|webm|ogg|mp3|wav|flac|aac|m4a|opus|pdf|txt|wasm|webmanifest)$/i;
const SOURCE = /\.(m?[jt]sx?|cts|cjs)$/i;
const ENV = '{"BASE_URL":"/","MODE":"production","DEV":false,"PROD":true,"SSR":true}';

/** Project root: asset URLs are site paths relative to it, like Vite's dev server. */
const ROOT = fileURLToPath(new URL('..', import.meta.url));

if (isMainThread && !globalThis[FLAG]) {
  globalThis[FLAG] = true;
  register(import.meta.url);
}

/** True once the hooks are registered in this process. */
export const registered = Boolean(globalThis[FLAG]);

/** The `load` hook: answers style, asset and `?raw`/`?url` imports itself, passes everything else on. */
export async function load(url, context, nextLoad) {
  if (!url.startsWith('file:')) return nextLoad(url, context);
  const parsed = new URL(url);
  const query = parsed.searchParams;
  const fileUrl = new URL(parsed.pathname, 'file://');
  const path = fileURLToPath(fileUrl);
  const module = (source) => ({ format: 'module', source, shortCircuit: true });

  if (query.has('raw')) return module(`export default ${JSON.stringify(readFileSync(path, 'utf8'))};`);
  if (query.has('url') || (ASSET.test(path) && !SOURCE.test(path))) {
    const site = `/${relative(ROOT, path).split('\\').join('/')}`;
    return module(`export default ${JSON.stringify(site)};`);
  }
  if (STYLE.test(path)) {
    if (query.has('inline')) return module('export default "";');
    if (CSS_MODULE.test(path)) return module('export default new Proxy({}, { get: (_, key) => (typeof key === "string" ? key : undefined) });');
    return module('export default "";');
  }

  const result = await nextLoad(url, context);
  if (result.format === 'module' && SOURCE.test(path) && !path.includes('/node_modules/') && result.source != null) {
    const source = typeof result.source === 'string' ? result.source : Buffer.from(result.source).toString('utf8');
    // Same line, so stack-trace line numbers stay right.
    if (source.includes('import.meta.env')) return { ...result, source: `import.meta.env ??= ${ENV};${source}` };
  }
  return result;
}
