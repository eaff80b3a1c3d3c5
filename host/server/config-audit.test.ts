import { appendFileSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ReloadAudit } from './config-audit';

const dir = mkdtempSync(join(tmpdir(), 'audit-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const entry = (after: string) => ({ source: 'file' as const, outcome: 'applied' as const, before: 'v0', after, diff: null, ms: 1 });

describe('ReloadAudit with CONFIG_AUDIT_FILE', () => {
  it('appends one JSON line per record, and a new process starts from the last ones, newest first', () => {
    const file = join(dir, 'audit.jsonl');
    const lines: string[] = [];
    const first = new ReloadAudit((l) => lines.push(l), 50, file);
    for (const v of ['v1', 'v2', 'v3']) first.record(entry(v));
    expect(
      readFileSync(file, 'utf8')
        .trimEnd()
        .split('\n')
        .map((l) => JSON.parse(l).after),
    ).toEqual(['v1', 'v2', 'v3']);
    expect(lines).toHaveLength(3);
    // A half-written line (a crash mid-write) and a stranger's line are skipped.
    appendFileSync(file, 'not json\n{"type":"other"}\n{"type":"config-reload","ti');
    const restarted = new ReloadAudit(() => {}, 2, file);
    expect(restarted.recent().map((r) => r.after)).toEqual(['v3', 'v2']);
    restarted.record(entry('v4'));
    expect(restarted.recent().map((r) => r.after)).toEqual(['v4', 'v3']);
    // The line after the cut one starts on its own line, so the next start reads it.
    expect(new ReloadAudit(() => {}, 1, file).recent().map((r) => r.after)).toEqual(['v4']);
  });

  it('a file it cannot write is said once in the log, and the records go on', () => {
    const lines: string[] = [];
    const audit = new ReloadAudit((l) => lines.push(l), 50, join(dir, 'no-such-folder', 'audit.jsonl'));
    audit.record(entry('v1'));
    audit.record(entry('v2'));
    expect(lines.filter((l) => l.startsWith('[config] cannot append to CONFIG_AUDIT_FILE'))).toHaveLength(1);
    expect(audit.recent().map((r) => r.after)).toEqual(['v2', 'v1']);
  });
});
