/** Shared helpers of the region-config tests: fixture paths, fixture plugins and expected positions. */
import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { definePlugin } from '../../core/plugin/define';
import { createPluginRef } from '../../core/plugin/refs';
import { defineMenu } from '../../core/plugin/slots';
import { PluginCatalogue } from '../../core/registry/catalogue';

export const ROOT = fileURLToPath(new URL('../..', import.meta.url));
export const FIXTURES = relative(ROOT, fileURLToPath(new URL('./fixtures', import.meta.url)));
export const FIXTURE_LOCALES = join(FIXTURES, 'locales');

/** A fixture path relative to the project root (tests run with the root as cwd). */
export const fixture = (name: string): string => join(FIXTURES, name);

/**
 * Fixture plugins: 'alpha' has options, 'beta' requires 'alpha', 'gamma' and 'delta' require each other,
 * 'lonely' requires a plugin that is not installed. The host declares the side menu 'account'.
 */
export function fixtureCatalogue(): PluginCatalogue {
  const setup = () => {};
  return new PluginCatalogue(
    [
      definePlugin({ id: 'alpha', options: { properties: { limit: { type: 'integer', default: 3 }, title: { type: 'string' } } }, setup }),
      definePlugin({ id: 'beta', requires: [createPluginRef('alpha')], setup }),
      definePlugin({ id: 'gamma', requires: [createPluginRef('delta')], setup }),
      definePlugin({ id: 'delta', requires: [createPluginRef('gamma')], setup }),
      definePlugin({ id: 'lonely', requires: [createPluginRef('ghost')], setup }),
    ],
    { id: 'host', menus: [defineMenu('account')] },
  );
}

/** 1-based line:col of the `nth` occurrence of `needle` in a fixture (plus `shift` characters). */
export function positionOf(name: string, needle: string, { nth = 1, shift = 0 } = {}): { line: number; col: number } {
  const text = readFileSync(fixture(name), 'utf8');
  let at = -1;
  for (let i = 0; i < nth; i++) {
    at = text.indexOf(needle, at + 1);
    if (at < 0) throw new Error(`'${needle}' not found ${nth} times in ${name}`);
  }
  const before = text.slice(0, at + shift).split('\n');
  return { line: before.length, col: before[before.length - 1].length + 1 };
}

/** A copy of `value` with the value at a path (chosen by `picks`) replaced, or the key removed when `next` is undefined. */
export function editAt(value: unknown, picks: number[], next: unknown): unknown {
  if (!picks.length || typeof value !== 'object' || value === null) return next;
  const keys = Array.isArray(value) ? value.map((_, i) => i) : Object.keys(value);
  if (!keys.length) return next;
  const key = keys[picks[0] % keys.length];
  const copy = (Array.isArray(value) ? [...(value as unknown[])] : { ...(value as Record<string, unknown>) }) as Record<string | number, unknown>;
  const inner = editAt(copy[key], picks.slice(1), next);
  if (inner === undefined && !Array.isArray(copy)) delete copy[key];
  else copy[key] = inner;
  return copy;
}
