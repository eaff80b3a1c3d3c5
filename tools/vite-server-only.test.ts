import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import fc from 'fast-check';
import { parseAst } from 'rolldown/parseAst';
import { describe, expect, it } from 'vitest';
import { SERVER_ONLY_KEYS, serverOnlyParts, withoutServerOnly } from './vite-server-only';

const ROOT = resolve(import.meta.dirname, '..');
const plugin = serverOnlyParts();
const applies = (command: 'build' | 'serve', isSsrBuild: boolean) =>
  (plugin.apply as (c: object, e: { command: string; isSsrBuild: boolean }) => boolean)({}, { command, isSsrBuild });
const transform = (code: string, id: string) => (plugin.transform as (code: string, id: string) => { code: string } | null)(code, id);

type Prop = { type: string; key: { type: string; name?: string; value?: unknown }; value: { type: string; name?: string; start: number; end: number } };

/** The `definePlugin({ … })` object's properties: key → source text of the value. */
function definitionProps(code: string, lang: 'ts' | 'tsx'): Map<string, string> {
  const out = new Map<string, string>();
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) return node.forEach(visit);
    if (typeof node !== 'object' || node === null) return;
    const n = node as { type?: string; callee?: { name?: string }; arguments?: Array<{ type: string; properties: Prop[] }> };
    if (n.type === 'CallExpression' && n.callee?.name === 'definePlugin' && n.arguments?.[0]?.type === 'ObjectExpression')
      for (const p of n.arguments[0].properties) out.set(String(p.key.name ?? p.key.value), code.slice(p.value.start, p.value.end));
    Object.values(node).forEach(visit);
  };
  visit(parseAst(code, { lang }));
  return out;
}

const PLUGIN_ENTRIES = readdirSync(resolve(ROOT, 'plugins'), { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .flatMap((d) => ['index.ts', 'index.tsx'].map((f) => resolve(ROOT, 'plugins', d.name, f)))
  .filter(existsSync);

describe('serverOnlyParts (browser build): what only the server runs of a plugin definition', () => {
  it('applies to the client build only (the server, dev and tests keep the whole definition)', () => {
    expect(applies('build', false)).toBe(true);
    expect(applies('build', true)).toBe(false);
    expect(applies('serve', false)).toBe(false);
  });

  it("touches plugins' index modules only", () => {
    const code = "definePlugin({ id: 'x', loaders: () => [] });";
    expect(transform(code, `${ROOT}/plugins/x/index.ts`)?.code).toBe("definePlugin({ id: 'x', loaders: undefined });");
    expect(transform(code, `${ROOT}/plugins/x/other.ts`)).toBeNull();
    expect(transform(code, `${ROOT}/core/plugin/index.ts`)).toBeNull();
    expect(transform(code, `${ROOT}/node_modules/plugins/x/index.ts`)).toBeNull();
  });

  it('in every plugin: each server-only part is undefined, every other part is as written', () => {
    expect(PLUGIN_ENTRIES.length).toBeGreaterThan(20);
    let stripped = 0;
    for (const file of PLUGIN_ENTRIES) {
      const lang = file.endsWith('x') ? 'tsx' : 'ts';
      const code = readFileSync(file, 'utf8');
      const before = definitionProps(code, lang);
      expect(before.get('id'), file).toBeDefined();
      const after = definitionProps(transform(code, file)?.code ?? code, lang);
      expect([...after.keys()], file).toEqual([...before.keys()]);
      for (const [key, value] of before) {
        if (SERVER_ONLY_KEYS.has(key)) stripped++;
        expect(after.get(key), `${file}: ${key}`).toBe(SERVER_ONLY_KEYS.has(key) ? 'undefined' : value);
      }
    }
    expect(stripped).toBeGreaterThan(10);
  });

  it('takes every way of writing a key (shorthand, method, quoted) and leaves computed keys and other objects', () => {
    const code = [
      'const guards = () => [];',
      'export default definePlugin<Options>({',
      "  id: 'x',",
      '  guards,',
      '  csp(options, region) { return {}; },',
      "  'framedEntries': () => [],",
      "  ['loaders']: () => [],",
      "  routes: () => [{ path: '/x', loaders: 1 }],",
      '});',
      'const other = { loaders: () => [] };',
    ].join('\n');
    const out = withoutServerOnly(code, 'ts')!.toString();
    expect(out).toContain('  guards: undefined,\n  csp: undefined,\n  framedEntries: undefined,\n');
    expect(out).toContain("['loaders']: () => [],");
    expect(out).toContain("routes: () => [{ path: '/x', loaders: 1 }],");
    expect(out).toContain('const other = { loaders: () => [] };');
    expect(withoutServerOnly("definePlugin(spec); definePlugin({ id: 'x' });", 'ts')).toBeNull();
  });

  it('for any mix of parts and values, keeps the order and text of the others and makes the server-only ones undefined', () => {
    const keys = fc.constantFrom(...SERVER_ONLY_KEYS, 'id', 'routes', 'slotEntries', 'menuEntries', 'requires', 'setup', 'options');
    const values = fc.constantFrom('() => []', "(o) => o.a ? [{ key: 'k' }] : []", "'text'", '42', '{ a: [1, 2] }', 'imported');
    const defs = fc.uniqueArray(fc.tuple(keys, values), { selector: ([k]) => k, minLength: 1, maxLength: 12 });
    fc.assert(
      fc.property(defs, (parts) => {
        const code = `import { imported } from './x';\nexport default definePlugin({ ${parts.map(([k, v]) => `${k}: ${v}`).join(', ')} });`;
        const out = withoutServerOnly(code, 'ts')?.toString() ?? code;
        const props = definitionProps(out, 'ts');
        expect([...props.keys()]).toEqual(parts.map(([k]) => k));
        for (const [k, v] of parts) expect(props.get(k)).toBe(SERVER_ONLY_KEYS.has(k) ? 'undefined' : v);
      }),
    );
  });
});
