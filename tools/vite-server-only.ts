import MagicString from 'magic-string';
import { parseAst } from 'rolldown/parseAst';
import type { Plugin } from 'vite';

/**
 * The parts of a plugin's definition only the server runs, by their key in `definePlugin({ … })`: the browser takes
 * their outcome from the page (guards' redirect, loaders' data, the delivery hints' first-render set and held links)
 * or never needs it (headers, options checks).
 */
export const SERVER_ONLY_KEYS: ReadonlySet<string> = new Set(['loaders', 'guards', 'csp', 'framedEntries', 'checkOptions', 'permissions', 'delivery']);

const PLUGIN_ENTRY = /[\\/]plugins[\\/][^\\/]+[\\/]index\.tsx?$/;

interface Node {
  type: string;
  start: number;
  end: number;
  [key: string]: unknown;
}

const isNode = (v: unknown): v is Node => typeof v === 'object' && v !== null && typeof (v as Node).type === 'string';

/** The object literals passed as the first argument of a `definePlugin(…)` call, anywhere in the module. */
function definitionObjects(node: unknown, out: Node[] = []): Node[] {
  if (Array.isArray(node)) {
    for (const child of node) definitionObjects(child, out);
    return out;
  }
  if (!isNode(node)) return out;
  const callee = node.callee as Node | undefined;
  const first = (node.arguments as Node[] | undefined)?.[0];
  if (node.type === 'CallExpression' && callee?.type === 'Identifier' && callee.name === 'definePlugin' && first?.type === 'ObjectExpression') out.push(first);
  for (const key in node) if (key !== 'type' && key !== 'start' && key !== 'end') definitionObjects(node[key], out);
  return out;
}

/** A property's key as written (`loaders`, `'loaders'`), or null for a computed one. */
function keyName(prop: Node): string | null {
  const key = prop.key as Node;
  if (prop.computed) return null;
  if (key.type === 'Identifier') return key.name as string;
  return key.type === 'Literal' && typeof key.value === 'string' ? key.value : null;
}

/**
 * `code` with every server-only property of each `definePlugin({ … })` object made `<key>: undefined`, or null when
 * there is none. A definition built elsewhere (`definePlugin(spec)`) is left whole: it only costs the browser bytes.
 */
export function withoutServerOnly(code: string, lang: 'ts' | 'tsx'): MagicString | null {
  const s = new MagicString(code);
  let changed = false;
  for (const object of definitionObjects(parseAst(code, { lang }))) {
    for (const prop of object.properties as Node[]) {
      const name = prop.type === 'Property' ? keyName(prop) : null;
      if (name === null || !SERVER_ONLY_KEYS.has(name)) continue;
      s.overwrite(prop.start, prop.end, `${name}: undefined`);
      changed = true;
    }
  }
  return changed ? s : null;
}

/**
 * The browser build leaves out what only the server runs of each plugin's definition (`SERVER_ONLY_KEYS`), so the
 * modules those parts import (back-end calls, response shaping, header policy) are not in the plugin's browser chunk;
 * the plugin's source and the server build are unchanged. Frameworks do the same with route modules' `loader`.
 */
export function serverOnlyParts(): Plugin {
  return {
    name: 'shell:server-only-parts',
    enforce: 'pre',
    apply: (_config, { command, isSsrBuild }) => command === 'build' && !isSsrBuild,
    transform(code, id) {
      if (!PLUGIN_ENTRY.test(id) || id.includes('/node_modules/') || !code.includes('definePlugin')) return null;
      const out = withoutServerOnly(code, id.endsWith('x') ? 'tsx' : 'ts');
      return out && { code: out.toString(), map: out.generateMap({ hires: 'boundary', source: id }) };
    },
  };
}
