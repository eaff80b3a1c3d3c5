/**
 * The project's layers and what each may import (the `layering/boundaries` lint rule applies it).
 *
 * - core: the DI core. Imports core and packages only.
 * - kit: UI pieces, layouts and domain helpers shared by plugins and host. Imports kit and the plugin API only.
 * - plugins/<id>: its own folder, the kit, of core the plugin API only (`core/plugin-api/index.ts`; its `fake-api.ts`
 *   too, and `testing.ts` in tests), and another plugin only through that plugin's `index.ts` or `refs.ts`. This holds
 *   for a plugin's tests as well: a plugin is written, and tested, against the API alone.
 * - host: host, core, kit, and plugins through their entries for the host (`index.ts`, `fake-api.ts`). Never tools.
 * - tools (and the root config files): tools, core, kit, the host's one module for tools (`host/index.ts`), and
 *   plugins through their entries for tools (`index.ts`, `fake-api.ts`, `bench.ts`).
 * - data (schemas/, locales/, region-configs/): JSON that any layer may read.
 * - tests (`*.test.ts(x)`, `*.test-d.ts`, `*.spec.ts`, tests/, e2e/, tools/test/): may reach any layer's internals;
 *   production code never imports a test.
 * Paths are relative to the project root, with '/' separators.
 */

/** A plugin's entries: who may import which file directly inside `plugins/<id>/`. */
const PLUGIN_ENTRIES = {
  // refs.ts: its refs alone, so a plugin naming another in `requires`/`optional` does not load that plugin's code with
  // its own chunk (through index.ts the bundler links the two chunks).
  plugin: ['index.ts', 'refs.ts'],
  host: ['index.ts', 'fake-api.ts'],
  tools: ['index.ts', 'fake-api.ts', 'bench.ts'],
};

/** The core modules a plugin may import: the plugin API, its fake-exchange kit, and (in tests) its test helpers. */
export const PLUGIN_API = 'core/plugin-api/index.ts';
const PLUGIN_API_FOR = {
  production: [PLUGIN_API, 'core/plugin-api/fake-api.ts'],
  test: [PLUGIN_API, 'core/plugin-api/fake-api.ts', 'core/plugin-api/testing.ts'],
};

/** The host's one module for tools. */
export const HOST_FOR_TOOLS = 'host/index.ts';

const DATA_FOLDERS = ['schemas', 'locales', 'region-configs'];
const TEST_FOLDERS = ['tests', 'e2e'];
const TEST_FILE = /\.(test|test-d|spec)(\.[cm]?[jt]sx?)?$/;

/** Whether a project file is a test or test support (free to reach internals; never imported by production code). */
export function isTestFile(path) {
  const top = path.split('/')[0];
  return TEST_FOLDERS.includes(top) || path.startsWith('tools/test/') || TEST_FILE.test(path);
}

/**
 * The layer of a project file: `{ layer: 'core' | 'kit' | 'plugin' | 'host' | 'tools' | 'data' | 'other', plugin?, inPlugin? }`
 * (`plugin`: the plugin id, `inPlugin`: the path inside its folder). Files at the root are tools (build configs).
 */
export function layerOf(path) {
  const parts = path.split('/');
  const top = parts[0];
  if (parts.length === 1) return { layer: 'tools' };
  if (top === 'core' || top === 'host' || top === 'tools' || top === 'kit') return { layer: top };
  if (top === 'plugins' && parts.length >= 3) return { layer: 'plugin', plugin: parts[1], inPlugin: parts.slice(2).join('/') };
  if (DATA_FOLDERS.includes(top)) return { layer: 'data' };
  return { layer: 'other' };
}

const pluginEntry = (id, entries) => entries.map((e) => `plugins/${id}/${e}`).join(', ');

/** Why `from` may not import `to` (both project paths), or null when it may. */
export function boundaryViolation(from, to) {
  const src = layerOf(from);
  const dst = layerOf(to);
  const fromTest = isTestFile(from);
  if (!fromTest && isTestFile(to)) return `production code imports the test file ${to}: move what both need out of the test`;
  if (src.layer === 'plugin' && dst.layer === 'core') return pluginApiImport(src, to, fromTest ? 'test' : 'production');
  if (fromTest) return null;
  if (dst.layer === 'data' || dst.layer === 'other') return null;
  switch (src.layer) {
    case 'core':
      return dst.layer === 'core' ? null : `core imports ${to}: core may import only core and packages; move the code it needs into core`;
    case 'kit':
      if (dst.layer === 'kit') return null;
      return dst.layer === 'core' && to === PLUGIN_API ? null : `kit imports ${to}: the kit builds on ${PLUGIN_API} only`;
    case 'plugin':
      return pluginImport(src, dst, to);
    case 'host':
      if (dst.layer === 'tools') return `host imports ${to}: host never imports tools; move the code both need into host (or core)`;
      return dst.layer === 'plugin' ? entryImport(dst, to, 'host') : null;
    case 'tools':
      if (dst.layer === 'host' && to !== HOST_FOR_TOOLS) return `tools import ${to}: tools reach host only through ${HOST_FOR_TOOLS}; export it there`;
      return dst.layer === 'plugin' ? entryImport(dst, to, 'tools') : null;
    default:
      return null;
  }
}

function pluginImport(src, dst, to) {
  if (dst.layer === 'kit') return null;
  if (dst.layer === 'plugin') return dst.plugin === src.plugin ? null : entryImport(dst, to, 'plugin');
  return `plugin '${src.plugin}' imports ${to}: a plugin imports only the plugin API, the kit and other plugins' index.ts`;
}

function pluginApiImport(src, to, kind) {
  if (PLUGIN_API_FOR[kind].includes(to)) return null;
  return `plugin '${src.plugin}' imports ${to}: of core a plugin imports only ${PLUGIN_API_FOR[kind].join(', ')}; export what it needs there (or use the kit)`;
}

function entryImport(dst, to, who) {
  const entries = PLUGIN_ENTRIES[who];
  if (entries.includes(dst.inPlugin)) return null;
  const subject = who === 'plugin' ? 'another plugin' : who;
  return `${to} is internal to plugin '${dst.plugin}': ${subject} may import only ${pluginEntry(dst.plugin, entries)}; export it there or move it`;
}
