import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { register } from 'prom-client';
import { afterAll, describe, expect, it } from 'vitest';
import type { RegionConfig } from '../../core/config/region';
import { PluginCatalogue } from '../../core/registry/catalogue';
import type { SiteVersion } from './app-context';
import { ReloadAudit, type ReloadRecord } from './config-audit';
import { CheckNotRun, type ConfigChecker, type FolderCheck } from './config-check';
import { ConfigReloader } from './config-reload';

const dir = mkdtempSync(join(tmpdir(), 'config-reload-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A folder whose content is a number: its check gives one region named `v<n>`. */
const checkOf = (n: number): FolderCheck => ({
  set: { problems: [], configs: [{ key: 'main', name: `v${n}` } as RegionConfig], flags: null, flagsDraft: null },
  use: { reused: 0, checked: 1 },
});

/** A checker whose checks read the folder when they start and answer when the test says (`finish`, `fail`). */
class HeldChecker implements ConfigChecker {
  folder = 0;
  readonly held: Array<{ read: number; resolve: (c: FolderCheck) => void; reject: (e: Error) => void }> = [];
  started = 0;
  mostAtOnce = 0;

  check(): Promise<FolderCheck> {
    this.started++;
    return new Promise((resolve, reject) => {
      this.held.push({ read: this.folder, resolve, reject });
      this.mostAtOnce = Math.max(this.mostAtOnce, this.held.length);
    });
  }
  /** Answers the oldest check held. */
  finish(): void {
    const c = this.held.shift();
    c?.resolve(checkOf(c.read));
  }
  fail(err: Error): void {
    this.held.shift()?.reject(err);
  }
  prepare = () => Promise.reject(new Error('no change is prepared here'));
  close = () => Promise.resolve();
}

/** Lets every pending promise reaction run. */
const settle = () => new Promise((r) => setImmediate(r));

async function started(checker: ConfigChecker) {
  const records: ReloadRecord[] = [];
  const audit = new ReloadAudit(() => {});
  const record = audit.record.bind(audit);
  audit.record = (entry) => {
    const r = record(entry);
    records.push(r);
    return r;
  };
  const logs: string[] = [];
  const reloader = ConfigReloader.start({
    dir,
    catalogue: new PluginCatalogue([]),
    localesDir: dir,
    build: (set) => ({ version: set.configs[0].name, regionVersions: new Map() }) as unknown as SiteVersion,
    audit,
    log: (m) => logs.push(m),
    checker,
  });
  if (checker instanceof HeldChecker) {
    await settle();
    checker.finish();
  }
  return { reloader: await reloader, records, logs };
}

async function lostChecks(reason: string): Promise<number> {
  const text = await register.getSingleMetricAsString('shell_config_checks_lost_total');
  return Number(new RegExp(`reason="${reason}"} (\\d+)`).exec(text)?.[1]);
}

describe('ConfigReloader: one reload at a time', () => {
  it('a trigger while a reload runs makes one more reload after it, which reads the folder anew', async () => {
    const checker = new HeldChecker();
    const { reloader, records } = await started(checker);
    checker.folder = 1;
    const first = reloader.reload('file');
    await settle();
    checker.folder = 2;
    const second = reloader.reload('file');
    checker.folder = 3;
    const third = reloader.reload('signal');
    expect(second).toBe(third);
    await settle();
    expect(checker.held).toHaveLength(1);
    checker.finish();
    expect((await first).after).toBe('v1');
    await settle();
    expect(checker.held).toHaveLength(1);
    checker.finish();
    expect(await third).toMatchObject({ source: 'signal', outcome: 'applied', before: 'v1', after: 'v3' });
    expect(reloader.site().version).toBe('v3');
    expect(checker.started).toBe(3);
    expect(records.map((r) => [r.source, r.after])).toEqual([
      ['start', 'v0'],
      ['file', 'v1'],
      ['signal', 'v3'],
    ]);
  });

  it('any interleaving of triggers, edits and answers ends with the last content applied exactly once after the last trigger', async () => {
    const step = fc.constantFrom('edit and trigger', 'answer', 'let run');
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 40 }), async (steps) => {
        const checker = new HeldChecker();
        const { reloader, records } = await started(checker);
        const calls: Array<{ folder: number; record: Promise<ReloadRecord> }> = [];
        let lastTrigger = -1;
        for (const s of steps) {
          if (s === 'edit and trigger') {
            checker.folder++;
            lastTrigger = records.length;
            calls.push({ folder: checker.folder, record: reloader.reload('file') });
          } else if (s === 'answer') checker.finish();
          else await settle();
        }
        if (!calls.length) {
          checker.folder++;
          lastTrigger = records.length;
          calls.push({ folder: checker.folder, record: reloader.reload('file') });
        }
        // Answers every check still to come until each caller has its record.
        let unsettled = calls.length;
        for (const c of calls) void c.record.then(() => unsettled--);
        while (unsettled) {
          await settle();
          checker.finish();
        }
        expect(checker.mostAtOnce).toBe(1);
        expect(checker.started - 1).toBeLessThanOrEqual(calls.length);
        const last = `v${checker.folder}`;
        expect(reloader.site().version).toBe(last);
        const after = records.slice(lastTrigger);
        expect(after.filter((r) => r.outcome === 'applied' && r.after === last)).toHaveLength(1);
        // Each caller's record is of a reload that read the folder after its trigger.
        for (const c of calls) expect(Number((await c.record).after.slice(1))).toBeGreaterThanOrEqual(c.folder);
      }),
      { numRuns: 200 },
    );
  });
});

describe('ConfigReloader: a check that gives no answer', () => {
  it('refuses the reload with the reason in the log and the audit, counts it, keeps serving, and the next reload checks again', async () => {
    const checker = new HeldChecker();
    const { reloader, records, logs } = await started(checker);
    const before = await lostChecks('deadline');
    checker.folder = 1;
    const lost = reloader.reload('file');
    await settle();
    checker.fail(new CheckNotRun('deadline', 'the config check thread did not answer within 60 s; it is stopped and a new one checks the next reload'));
    expect(await lost).toMatchObject({ outcome: 'refused', before: 'v0', after: 'v0' });
    expect(records.at(-1)!.problems).toEqual([
      `${dir}:1:1  (root)  the set was not checked: the config check thread did not answer within 60 s; it is stopped and a new one checks the next reload`,
    ]);
    expect(logs.at(-1)).toMatch(/^\[config\] reload refused \(file\): version v0 keeps serving; 1 problem:\n .*did not answer within 60 s/);
    expect(reloader.site().version).toBe('v0');
    expect(await lostChecks('deadline')).toBe(before + 1);
    const next = reloader.reload('file');
    await settle();
    checker.finish();
    expect(await next).toMatchObject({ outcome: 'applied', after: 'v1' });
  });

  it('counts a thread that ended apart from one that missed the deadline; a check that failed otherwise is refused uncounted', async () => {
    const checker = new HeldChecker();
    const { reloader } = await started(checker);
    const [ended, deadline] = [await lostChecks('ended'), await lostChecks('deadline')];
    const first = reloader.reload('file');
    await settle();
    checker.fail(new CheckNotRun('ended', 'the config check thread ended (exit code 1)'));
    expect((await first).problems[0]).toContain('the set was not checked: the config check thread ended (exit code 1)');
    const second = reloader.reload('file');
    await settle();
    checker.fail(new Error('the check failed: TypeError'));
    expect((await second).outcome).toBe('refused');
    expect([await lostChecks('ended'), await lostChecks('deadline')]).toEqual([ended + 1, deadline]);
  });

  it('at start, refuses to start and closes the checker', async () => {
    let closed = false;
    const checker: ConfigChecker = {
      check: () => Promise.reject(new CheckNotRun('ended', 'the config check thread ended (exit code 1)')),
      prepare: () => Promise.reject(new Error('no change is prepared here')),
      close: async () => void (closed = true),
    };
    await expect(started(checker)).rejects.toThrow('the config check thread ended (exit code 1)');
    expect(closed).toBe(true);
  });
});
