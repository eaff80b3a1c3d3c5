import { cpSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PluginCatalogue } from '../../core/registry/catalogue';
import { HOST_PLACES } from '../app/slots';
import { changeNote, currentText, folderChanges, prepareConfigChange, type ConfigFolder, type PreparedChange } from './config-change';
import { paths } from './paths';
import { installedPlugins } from './plugins';

let folder: ConfigFolder;
let main = '';
const listing = () => readdirSync(folder.dir).sort();

beforeAll(() => {
  const dir = mkdtempSync(join(tmpdir(), 'config-change-'));
  cpSync(paths.regionConfigs, dir, { recursive: true, filter: (src) => !src.endsWith('README.md') });
  folder = { dir, catalogue: new PluginCatalogue(installedPlugins(), HOST_PLACES), localesDir: paths.locales };
  main = readFileSync(join(dir, 'main.json'), 'utf8');
});
afterAll(() => rmSync(folder.dir, { recursive: true, force: true }));

const change = (file: string, text: string) => ({ file, text, actor: 'Alice', comment: 'why' });

describe('a prepared config change', () => {
  it('is checked with the rest of the folder, its problems naming the folder file, and writes nothing', () => {
    const before = listing();
    const result = prepareConfigChange(folder, change('main.json', main.replace('"id": 0,', '"id": "zero",')));
    expect(result).toEqual({ outcome: 'refused', problems: [expect.stringMatching(/^main\.json:4:\d+ {2}\/id {2}/)] });
    expect(listing()).toEqual(before);
    expect(readFileSync(join(folder.dir, 'main.json'), 'utf8')).toBe(main);
  });

  it('is refused for a name the folder does not hold, however it is spelled', () => {
    fc.assert(
      fc.property(fc.oneof(fc.constantFrom('../main.json', '/etc/passwd', 'main.json/', 'MAIN.json', 'change.note', 'README.md', ''), fc.string()), (file) => {
        fc.pre(!listing().includes(file));
        const result = prepareConfigChange(folder, change(file, '{}'));
        expect(result.outcome).toBe('refused');
        expect(currentText(folder.dir, file)).toBeNull();
      }),
      { numRuns: 50 },
    );
  });

  it('is refused over the per-file limit, unread', () => {
    const result = prepareConfigChange(folder, change('main.json', ' '.repeat(1024 * 1024 + 1)));
    expect(result).toEqual({ outcome: 'refused', problems: ['main.json: larger than 1048576 bytes'] });
  });

  it('is refused for a folder file over the per-file limit, which is never read', () => {
    const dir = mkdtempSync(join(tmpdir(), 'config-change-big-'));
    try {
      writeFileSync(join(dir, 'main.json'), ' '.repeat(2 * 1024 * 1024));
      expect(currentText(dir, 'main.json')).toBeNull();
      expect(prepareConfigChange({ ...folder, dir }, change('main.json', '{}'))).toEqual({
        outcome: 'refused',
        problems: ['main.json: cannot be read, or larger than 1048576 bytes'],
      });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('is nothing when the text is the file as it is, line ends sent by a browser included', () => {
    expect(prepareConfigChange(folder, change('main.json', main)).outcome).toBe('unchanged');
    expect(prepareConfigChange(folder, change('main.json', main.replace(/\n/g, '\r\n'))).outcome).toBe('unchanged');
  });

  it('comes back as a git patch of the file and a new change note', () => {
    const result = prepareConfigChange(folder, change('main.json', main.replace('"name": "Gate",', '"name": "Gate Exchange",')));
    if (result.outcome !== 'prepared') throw new Error(JSON.stringify(result));
    expect(result.fileName).toBe('main-change.patch');
    expect(result.patch).toMatch(/^diff --git a\/main\.json b\/main\.json\n--- a\/main\.json\n\+\+\+ b\/main\.json\n@@ -2,7 \+2,7 @@\n/);
    expect(result.patch).toContain('-  "name": "Gate",\n+  "name": "Gate Exchange",\n');
    expect(result.patch).toContain(
      'diff --git a/change.note b/change.note\nnew file mode 100644\n--- /dev/null\n+++ b/change.note\n@@ -0,0 +1,2 @@\n+actor: Alice\n+comment: why\n',
    );
  });
});

describe("the page's view of a folder over its limits", () => {
  it('lists no file and reads none, and a change is refused with the reason', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'config-change-many-'));
    try {
      for (let i = 0; i < 65; i++) writeFileSync(join(dir, `f${i}.json`), '{}');
      const changes = folderChanges(dir, (c) => Promise.resolve().then(() => prepareConfigChange({ ...folder, dir }, c)));
      expect(changes.files()).toEqual([]);
      expect(changes.current('f0.json')).toBeNull();
      await expect(changes.prepare(change('f0.json', '{"a":1}'))).rejects.toThrow(/holds 65 \.json files/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('changes prepared one at a time', () => {
  it('refuses a change sent while another is checked, and checks the next once that one is answered', async () => {
    let answer: (result: PreparedChange) => void = () => {};
    const asked: string[] = [];
    const changes = folderChanges(folder.dir, (c) => {
      asked.push(c.file);
      return new Promise((resolve) => (answer = resolve));
    });
    const first = changes.prepare(change('main.json', '{}'));
    expect(await changes.prepare(change('tr.json', '{}'))).toMatchObject({
      outcome: 'refused',
      problems: [expect.stringMatching(/^another change is being checked/)],
    });
    answer({ outcome: 'unchanged' });
    expect(await first).toEqual({ outcome: 'unchanged' });
    const next = changes.prepare(change('tr.json', '{}'));
    answer({ outcome: 'unchanged' });
    expect(await next).toEqual({ outcome: 'unchanged' });
    expect(asked).toEqual(['main.json', 'tr.json']);
  });
});

describe('the change note', () => {
  it('is two lines within the reader limits, whatever is typed', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 1500 }), fc.string({ maxLength: 1500 }), (actor, comment) => {
        const lines = changeNote(actor, comment).split('\n');
        expect(lines).toHaveLength(3);
        expect(lines[0]).toMatch(/^actor: .{1,200}$/s);
        expect(lines[1]).toMatch(/^comment: .{1,1000}$/s);
        expect(lines[2]).toBe('');
      }),
    );
  });
});
