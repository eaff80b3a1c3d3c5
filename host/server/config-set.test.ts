import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { MAX_CONFIG_FILE_BYTES } from '../../core/config/limits';
import { PluginCatalogue } from '../../core/registry/catalogue';
import { checkConfigFolder, configFilesIn, MAX_CONFIG_FOLDER_BYTES } from './config-set';

let dir = '';
afterEach(() => rmSync(dir, { recursive: true, force: true }));
const folder = (files: Record<string, string>) => {
  dir = mkdtempSync(join(tmpdir(), 'config-set-'));
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
  return dir;
};

describe('a config folder', () => {
  it('of more than 64 .json files is refused before any is read', () => {
    const files = Object.fromEntries(Array.from({ length: 65 }, (_, i) => [`f${i}.json`, '{}']));
    expect(() => configFilesIn(folder(files))).toThrow(/holds 65 \.json files; at most 64 are read/);
  });

  it('whose .json files add up to more than 8 MB is refused unread, though each is under its own limit', () => {
    const big = ' '.repeat(MAX_CONFIG_FILE_BYTES - 2) + '{}';
    const count = Math.floor(MAX_CONFIG_FOLDER_BYTES / MAX_CONFIG_FILE_BYTES) + 1;
    const d = folder(Object.fromEntries(Array.from({ length: count }, (_, i) => [`f${i}.json`, big])));
    expect(() => configFilesIn(d)).toThrow(
      new RegExp(`holds ${count * MAX_CONFIG_FILE_BYTES} bytes of \\.json files; at most ${MAX_CONFIG_FOLDER_BYTES} are read`),
    );
    const check = checkConfigFolder(d, new PluginCatalogue([]), { localesDir: join(d, 'locales') });
    expect(check.problems).toEqual([
      expect.objectContaining({ file: d, code: 'io', message: expect.stringMatching(/^cannot read the folder \(.*bytes of \.json files/) }),
    ]);
  });

  it('leaves a file over its own limit to its own read, which names it', () => {
    const d = folder({ 'main.json': ' '.repeat(10 * MAX_CONFIG_FILE_BYTES) });
    expect(configFilesIn(d)).toEqual([join(d, 'main.json')]);
    const check = checkConfigFolder(d, new PluginCatalogue([]), { localesDir: join(d, 'locales') });
    expect(check.problems[0]).toMatchObject({ file: join(d, 'main.json'), message: expect.stringMatching(/^larger than 1048576 bytes/) });
  });

  it('lists its .json files sorted, skipping hidden entries and other files', () => {
    const d = folder({ 'main.json': '{}', 'eu.json': '{}', '.hidden.json': '{}', 'change.note': 'actor: a' });
    expect(configFilesIn(d)).toEqual([join(d, 'eu.json'), join(d, 'main.json')]);
  });
});
