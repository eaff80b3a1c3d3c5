import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { CHANGE_NOTE_FILE, ChangeNotes, parseChangeNote } from './change-note';

const dir = mkdtempSync(join(tmpdir(), 'change-note-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('parseChangeNote', () => {
  it('reads the first actor and comment lines, keys in any case, values trimmed', () => {
    expect(parseChangeNote('Actor:  Alice <a@example.com> \ncomment:chat off in tr\nactor: Bob\n')).toEqual({
      actor: 'Alice <a@example.com>',
      comment: 'chat off in tr',
    });
    expect(parseChangeNote('comment: only why')).toEqual({ actor: null, comment: 'only why' });
    expect(parseChangeNote('')).toEqual({ actor: null, comment: null });
  });

  it('whatever the text, each value is one line without control or direction characters, within its limit', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 3000 }), fc.string({ unit: 'binary', maxLength: 1500 }), (actor, comment) => {
        const { actor: a, comment: c } = parseChangeNote(`actor: ${actor}\ncomment: ${comment}\n`);
        for (const [value, max] of [
          [a, 200],
          [c, 1000],
        ] as const) {
          if (value === null) continue;
          expect([...value].length).toBeLessThanOrEqual(max);
          // eslint-disable-next-line no-control-regex -- the characters the parser must have removed
          expect(value).not.toMatch(/[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/);
          expect(value).toBe(value.trim());
        }
      }),
    );
  });
});

describe('ChangeNotes', () => {
  const note = (text: string) => writeFileSync(join(dir, CHANGE_NOTE_FILE), text);

  it('says whether the note changed since the last read, across a restart too, and ignores an oversized one', () => {
    const logged: string[] = [];
    const notes = new ChangeNotes(dir, (m) => logged.push(m));
    expect(notes.current()).toBeNull();
    note('actor: alice\ncomment: one\n');
    const first = notes.current()!;
    expect(first).toMatchObject({ actor: 'alice', comment: 'one', fresh: true });
    expect(notes.current()).toMatchObject({ actor: 'alice', fresh: false });
    // A new process that read the last audit line knows the note is not new.
    expect(new ChangeNotes(dir, () => {}, first.digest).current()).toMatchObject({ fresh: false });
    note('actor: bob\ncomment: two\n');
    expect(notes.current()).toMatchObject({ actor: 'bob', comment: 'two', fresh: true });
    note(`actor: carol\ncomment: ${'x'.repeat(5000)}\n`);
    expect(notes.current()).toBeNull();
    expect(logged).toEqual([expect.stringContaining(`${CHANGE_NOTE_FILE} is 5023 bytes; at most 4096 are read`)]);
  });
});
