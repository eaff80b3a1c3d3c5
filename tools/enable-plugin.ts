/**
 * Enables (or disables) a plugin in region configs (rewrites each file as 2-space JSON, keeps the map's order):
 *   npm run plugins -- <id> [--regions main,tr|all] [--options '{"k":1}'] [--disable]
 * A lock file serializes concurrent edits.
 */
import { closeSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');
const args = process.argv.slice(2);
const id = args.find((a) => !a.startsWith('--') && !args[args.indexOf(a) - 1]?.startsWith('--'));
const flag = (name: string) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : undefined;
};
if (!id) {
  console.error("usage: npm run plugins -- <plugin-id> [--regions main,tr|all] [--options '{...}'] [--disable]");
  process.exit(2);
}
const ALL = ['main', 'tr', 'eu', 'hk', 'us', 'bs', 'sg', 'uk', 'jp', 'ae', 'au', 'testnet'];
const regions = !flag('regions') || flag('regions') === 'all' ? ALL : flag('regions')!.split(',');
const options = flag('options') ? (JSON.parse(flag('options')!) as Record<string, unknown>) : undefined;
const lock = resolve(root, 'region-configs/.lock');

function withLock(fn: () => void) {
  for (let i = 0; i < 200; i++) {
    try {
      closeSync(openSync(lock, 'wx'));
      try {
        return fn();
      } finally {
        rmSync(lock, { force: true });
      }
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 50);
    }
  }
  throw new Error(`could not take ${lock} (remove it if no edit is running)`);
}

withLock(() => {
  for (const key of regions) {
    const file = resolve(root, 'region-configs', `${key}.json`);
    const config = JSON.parse(readFileSync(file, 'utf8')) as { plugins: Record<string, { enabled?: boolean; options?: Record<string, unknown> }> };
    const entry = { ...(config.plugins[id] ?? {}) };
    if (args.includes('--disable')) entry.enabled = false;
    else delete entry.enabled;
    if (options) entry.options = options;
    config.plugins[id] = entry;
    writeFileSync(file, `${JSON.stringify(config, null, 2)}\n`);
    console.log(`${key}: ${id} ${args.includes('--disable') ? 'disabled' : 'enabled'}`);
  }
});
