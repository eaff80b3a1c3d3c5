import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { clientLibs } from './vite-client-libs';

const ROOT = resolve(import.meta.dirname, '..');
const plugin = clientLibs(ROOT);
const resolveId = (source: string, importer?: string) => (plugin.resolveId as (s: string, i?: string) => string | null)(source, importer);
const load = (id: string) => (plugin.load as (id: string) => string | null)(id);
const applies = (command: 'build' | 'serve', isSsrBuild: boolean) =>
  (plugin.apply as (c: object, e: { command: string; isSsrBuild: boolean }) => boolean)({}, { command, isSsrBuild });

describe('clientLibs (browser build): library builds the client bundle takes', () => {
  it('applies to the client build only (the server, dev and tests keep Node resolution)', () => {
    expect(applies('build', false)).toBe(true);
    expect(applies('build', true)).toBe(false);
    expect(applies('serve', false)).toBe(false);
  });

  it("takes tsyringe's ES2015 build and the root tslib, files that exist", () => {
    const tsyringe = resolveId('tsyringe')!;
    const tslib = resolveId('tslib', `${ROOT}/node_modules/tsyringe/dist/esm2015/dependency-container.js`)!;
    expect(tsyringe).toMatch(/tsyringe[\\/]dist[\\/]esm2015[\\/]index\.js$/);
    expect(tslib).toBe(resolve(ROOT, 'node_modules/tslib/tslib.es6.mjs'));
    expect(existsSync(tsyringe) && existsSync(tslib)).toBe(true);
  });

  it("serves React's useSyncExternalStore for the shim", () => {
    const id = resolveId('use-sync-external-store/shim')!;
    expect(load(id)).toBe("export { useSyncExternalStore } from 'react';");
    expect(resolveId('use-sync-external-store/shim/with-selector')).toBeNull();
  });

  it("replaces axios's fetch adapter, and only where axios's adapter list imports it", () => {
    const id = resolveId('./fetch.js', `${ROOT}/node_modules/axios/lib/adapters/adapters.js`)!;
    expect(load(id)).toContain('export const getFetch = () => null;');
    expect(resolveId('./fetch.js', `${ROOT}/core/http/fetch-helpers.ts`)).toBeNull();
    expect(resolveId('react')).toBeNull();
  });

  it("drops a plugin's options schema from its activation chunk (the server validated the options), and nothing else", () => {
    const id = resolveId('./schema.json', `${ROOT}/plugins/marketing/index.ts`)!;
    expect(load(id)).toBe('export default undefined;');
    expect(resolveId('./schema.json', `${ROOT}/plugins/marketing/features/schema-use.ts`)).toBeNull();
    expect(resolveId('./schema.json', `${ROOT}/core/config/region.ts`)).toBeNull();
  });
});
