import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { boundaryViolation, HOST_FOR_TOOLS, isTestFile, layerOf, PLUGIN_API } from './layers.mjs';

const id = fc.stringMatching(/^[a-z][a-z0-9]{0,8}(-[a-z0-9]{1,5})?$/);
const segment = fc.stringMatching(/^[a-z][a-z0-9-]{0,10}$/);
/** A production source file's path below some folder: never a test, never an entry name. */
const internal = fc
  .tuple(fc.array(segment, { maxLength: 3 }), segment, fc.constantFrom('.ts', '.tsx'))
  .map(([dirs, name, ext]) => [...dirs, `${name}-x${ext}`].join('/'));

describe('layerOf', () => {
  it('names the layer, and for plugins the id and the path inside the folder', () => {
    expect(layerOf('core/registry/activate.ts')).toEqual({ layer: 'core' });
    expect(layerOf('plugins/chart/runtime/chart-mount.ts')).toEqual({ layer: 'plugin', plugin: 'chart', inPlugin: 'runtime/chart-mount.ts' });
    expect(layerOf('host/server/server.ts')).toEqual({ layer: 'host' });
    expect(layerOf('kit/ui/Dialog.tsx')).toEqual({ layer: 'kit' });
    expect(layerOf('vite.config.ts')).toEqual({ layer: 'tools' });
    expect(layerOf('schemas/region-config.base.schema.json')).toEqual({ layer: 'data' });
  });
});

describe('boundaryViolation', () => {
  it('core imports only core (and data)', () => {
    fc.assert(
      fc.property(internal, internal, fc.constantFrom('host', 'tools', 'plugins/chat'), (from, to, other) => {
        expect(boundaryViolation(`core/${from}`, `core/${to}`)).toBeNull();
        expect(boundaryViolation(`core/${from}`, `${other}/${to}`)).toMatch(/^core imports .* core may import only core/);
        expect(boundaryViolation(`core/${from}`, `kit/${to}`)).toMatch(/^core imports .* core may import only core/);
      }),
    );
    expect(boundaryViolation('core/config/schema-check.ts', 'schemas/region-config.base.schema.json')).toBeNull();
  });

  it("a plugin imports its own files, the plugin API, the kit, and another plugin only through that plugin's index.ts", () => {
    fc.assert(
      fc.property(id, id, internal, internal, (a, b, from, to) => {
        fc.pre(a !== b);
        expect(boundaryViolation(`plugins/${a}/${from}`, `plugins/${a}/${to}`)).toBeNull();
        expect(boundaryViolation(`plugins/${a}/${from}`, PLUGIN_API)).toBeNull();
        expect(boundaryViolation(`plugins/${a}/${from}`, 'core/plugin-api/fake-api.ts')).toBeNull();
        expect(boundaryViolation(`plugins/${a}/${from}`, `kit/${to}`)).toBeNull();
        expect(boundaryViolation(`plugins/${a}/${from}`, `core/${to}`)).toContain(`of core a plugin imports only ${PLUGIN_API}`);
        expect(boundaryViolation(`plugins/${a}/${from}`, 'core/plugin-api/testing.ts')).not.toBeNull();
        expect(boundaryViolation(`plugins/${a}/${from}`, `plugins/${b}/index.ts`)).toBeNull();
        expect(boundaryViolation(`plugins/${a}/${from}`, `plugins/${b}/${to}`)).toContain(`may import only plugins/${b}/index.ts`);
        expect(boundaryViolation(`plugins/${a}/${from}`, `plugins/${b}/fake-api.ts`)).not.toBeNull();
        expect(boundaryViolation(`plugins/${a}/${from}`, `host/${to}`)).toContain('a plugin imports only the plugin API');
        expect(boundaryViolation(`plugins/${a}/${from}`, `tools/${to}`)).toContain('a plugin imports only the plugin API');
      }),
    );
  });

  it("a plugin's tests, too, reach core only through the plugin API (and its test helpers)", () => {
    fc.assert(
      fc.property(id, internal, internal, (a, from, to) => {
        const test = `plugins/${a}/${from.replace(/\.tsx?$/, '.test.ts')}`;
        expect(boundaryViolation(test, 'core/plugin-api/testing.ts')).toBeNull();
        expect(boundaryViolation(test, PLUGIN_API)).toBeNull();
        expect(boundaryViolation(test, `core/${to}`)).toContain('of core a plugin imports only');
        expect(boundaryViolation(test, `host/${to}`)).toBeNull();
      }),
    );
  });

  it('the kit builds on the plugin API alone', () => {
    fc.assert(
      fc.property(id, internal, internal, (p, from, to) => {
        expect(boundaryViolation(`kit/${from}`, `kit/${to}`)).toBeNull();
        expect(boundaryViolation(`kit/${from}`, PLUGIN_API)).toBeNull();
        for (const other of [`core/${to}`, `host/${to}`, `tools/${to}`, `plugins/${p}/index.ts`])
          expect(boundaryViolation(`kit/${from}`, other)).toMatch(/^kit imports .*: the kit builds on core\/plugin-api\/index.ts only$/);
        expect(boundaryViolation(`host/${from}`, `kit/${to}`)).toBeNull();
      }),
    );
  });

  it('host never imports tools, and reaches plugins through index.ts and fake-api.ts', () => {
    fc.assert(
      fc.property(id, internal, internal, (p, from, to) => {
        expect(boundaryViolation(`host/${from}`, `tools/${to}`)).toMatch(/host never imports tools/);
        expect(boundaryViolation(`host/${from}`, `plugins/${p}/index.ts`)).toBeNull();
        expect(boundaryViolation(`host/${from}`, `plugins/${p}/fake-api.ts`)).toBeNull();
        expect(boundaryViolation(`host/${from}`, `plugins/${p}/${to}`)).toContain('is internal to plugin');
        expect(boundaryViolation(`host/${from}`, `core/${to}`)).toBeNull();
      }),
    );
  });

  it('tools reach host only through host/index.ts, and plugins through index.ts, fake-api.ts and bench.ts', () => {
    fc.assert(
      fc.property(id, internal, internal, (p, from, to) => {
        expect(boundaryViolation(`tools/${from}`, HOST_FOR_TOOLS)).toBeNull();
        expect(boundaryViolation(`tools/${from}`, `host/${to}`)).toContain(`only through ${HOST_FOR_TOOLS}`);
        for (const entry of ['index.ts', 'fake-api.ts', 'bench.ts']) expect(boundaryViolation(`tools/${from}`, `plugins/${p}/${entry}`)).toBeNull();
        expect(boundaryViolation(`tools/${from}`, `plugins/${p}/${to}`)).toContain('is internal to plugin');
        expect(boundaryViolation('vite.config.ts', `host/${to}`)).not.toBeNull();
      }),
    );
  });

  it('tests may reach any internals; production code never imports a test', () => {
    const tests = ['core/a/b.test.ts', 'plugins/x/y.test.tsx', 'tests/server/support.ts', 'e2e/support.ts', 'tools/test/setup.ts', 'tests/types/c.test-d.ts'];
    for (const t of tests) expect(isTestFile(t)).toBe(true);
    fc.assert(
      fc.property(fc.constantFrom(...tests), fc.constantFrom('core', 'host', 'tools', 'plugins/chat'), internal, (test, layer, to) => {
        if (!(test.startsWith('plugins/') && layer === 'core')) expect(boundaryViolation(test, `${layer}/${to}`)).toBeNull();
        expect(boundaryViolation(`${layer}/${to}`, test)).toMatch(/imports the test file/);
      }),
    );
  });
});
