import { Worker } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';
import { CheckNotRun } from './config-check';
import { ConfigCheckThread } from './config-check-thread';

/** A stand-in thread: `onCheck` is the body of its handler of each check message `m` (CommonJS, `post` in scope). */
const thread = (onCheck: string) =>
  new Worker(
    `const { parentPort } = require('node:worker_threads');
     const post = (m) => parentPort.postMessage(m);
     parentPort.on('message', (m) => { ${onCheck} });`,
    { eval: true },
  );

const ANSWERS = `post({ type: 'checked', id: m.id, check: { set: { problems: [], configs: [{ key: 'main', plugins: { chat: { options: { room: 'a' } } } }], flags: { file: 'flags.json', value: { flags: {} } }, flagsDraft: null }, use: { reused: 2, checked: 1 } } });`;

/** A check thread whose successive threads are `bodies` (the last one repeats); counts the threads started. */
function checks(bodies: string[], deadlineMs = 60_000) {
  const started: Worker[] = [];
  const logs: string[] = [];
  const checker = new ConfigCheckThread({
    start: () => {
      const w = thread(bodies[Math.min(started.length, bodies.length - 1)]);
      started.push(w);
      return w;
    },
    deadlineMs,
    log: (m) => logs.push(m),
  });
  return { checker, started, logs };
}

const exited = (w: Worker) => new Promise<number>((resolve) => (w.threadId === -1 ? resolve(-1) : w.once('exit', resolve)));

describe('ConfigCheckThread', () => {
  it('answers with the thread’s check, frozen, and keeps one thread for every check', async () => {
    const { checker, started } = checks([ANSWERS]);
    const first = await checker.check();
    expect(first.use).toEqual({ reused: 2, checked: 1 });
    expect(Object.isFrozen(first.set.configs[0].plugins.chat.options)).toBe(true);
    expect(Object.isFrozen(first.set.flags!.value)).toBe(true);
    await checker.check();
    expect(started).toHaveLength(1);
    await checker.close();
  });

  it('posts a change to prepare and answers with what the thread prepared, on the thread of the checks', async () => {
    const { checker, started } = checks([
      `if (m.type === 'prepare') post({ type: 'prepared', id: m.id, result: { outcome: 'refused', problems: [m.change.file + ': ' + m.change.text] } }); else ${ANSWERS}`,
    ]);
    expect(await checker.prepare({ file: 'main.json', text: '{}', actor: 'Alice', comment: 'why' })).toEqual({
      outcome: 'refused',
      problems: ['main.json: {}'],
    });
    expect((await checker.check()).use).toEqual({ reused: 2, checked: 1 });
    expect(started).toHaveLength(1);
    await checker.close();
  });

  it('refuses an answer of the wrong kind: a check answered for a change', async () => {
    const { checker } = checks([ANSWERS]);
    await expect(checker.prepare({ file: 'main.json', text: '{}', actor: '', comment: '' })).rejects.toThrow(/answered a change with something else/);
    await checker.close();
  });

  it('gives up a thread that does not answer within the deadline, even one stuck in a loop, and starts another for the next check', async () => {
    // Long enough for a new thread to start and answer the next check on a busy machine; the stuck one waits it out.
    const { checker, started } = checks(['for (;;) {}', ANSWERS], 2000);
    const lost = checker.check();
    await expect(lost).rejects.toBeInstanceOf(CheckNotRun);
    await expect(lost).rejects.toMatchObject({
      reason: 'deadline',
      message: 'the config check thread did not answer within 2 s; it is stopped and a new one checks the next reload',
    });
    await exited(started[0]);
    expect((await checker.check()).use.checked).toBe(1);
    expect(started).toHaveLength(2);
    await checker.close();
  });

  it('refuses the check of a thread that throws or exits, without the process noticing, and starts another for the next', async () => {
    const { checker, started, logs } = checks(["throw new Error('boom in the thread')", 'process.exit(3)', ANSWERS]);
    await expect(checker.check()).rejects.toMatchObject({ reason: 'ended', message: expect.stringContaining('failed (boom in the thread)') });
    expect(logs.join('\n')).toContain('Error: boom in the thread');
    await expect(checker.check()).rejects.toMatchObject({ reason: 'ended', message: expect.stringContaining('ended (exit code 3)') });
    expect((await checker.check()).use.checked).toBe(1);
    expect(started).toHaveLength(3);
    await checker.close();
  });

  it('refuses a check the thread could not run, keeping the thread', async () => {
    const { checker, started } = checks([`if (m.id === 1) post({ type: 'failed', id: m.id, message: 'TypeError: x is undefined' }); else { ${ANSWERS} }`]);
    const failed = checker.check();
    await expect(failed).rejects.toThrow('the check failed: TypeError: x is undefined');
    await expect(failed).rejects.not.toBeInstanceOf(CheckNotRun);
    await checker.check();
    expect(started).toHaveLength(1);
    await checker.close();
  });

  it('refuses an answer that is not a set, keeping the process whole', async () => {
    const { checker } = checks([`post({ type: 'checked', id: m.id, check: null });`]);
    await expect(checker.check()).rejects.toThrow(/^the check's answer is not a set/);
    await checker.close();
  });

  it('ignores an answer to a check it did not ask for', async () => {
    const { checker } = checks([`post({ type: 'checked', id: m.id + 100, check: null });`], 200);
    await expect(checker.check()).rejects.toMatchObject({ reason: 'deadline' });
    await checker.close();
  });

  it('on close, refuses the check in flight, stops the thread, and refuses later checks', async () => {
    const { checker, started } = checks(['']);
    // Awaited from the start: close() refuses it before the thread has stopped.
    const refused = expect(checker.check()).rejects.toMatchObject({ reason: 'ended', message: 'the config check thread is closed' });
    await checker.close();
    await refused;
    await exited(started[0]);
    await expect(checker.check()).rejects.toMatchObject({ reason: 'ended' });
    expect(started).toHaveLength(1);
  });
});
