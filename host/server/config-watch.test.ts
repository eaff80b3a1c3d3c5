import { EventEmitter } from 'node:events';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { watchConfigFolder } from './config-watch';

/** A stand-in for fs.watch: `emit()` is one file event. */
function fakeWatch() {
  const watcher = Object.assign(new EventEmitter(), { close: vi.fn() });
  let listener: () => void = () => {};
  return {
    watcher,
    emit: () => listener(),
    watch: (_dir: string, l: () => void) => {
      listener = l;
      return watcher;
    },
  };
}

describe('watchConfigFolder', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('runs onChange once, 200 ms after the last of a burst of events', async () => {
    const fs = fakeWatch();
    const onChange = vi.fn();
    const w = watchConfigFolder({ dir: '/configs', onChange, watch: fs.watch, fingerprint: () => 'same' });
    for (let i = 0; i < 10; i++) {
      fs.emit();
      await vi.advanceTimersByTimeAsync(150);
    }
    expect(onChange).toHaveBeenCalledTimes(0);
    await vi.advanceTimersByTimeAsync(49);
    expect(onChange).toHaveBeenCalledTimes(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(onChange).toHaveBeenCalledTimes(1);
    w.close();
    expect(fs.watcher.close).toHaveBeenCalled();
  });

  it('notices a content change without any event (the periodic check), once per change', async () => {
    let content = 'v1';
    const onChange = vi.fn();
    const w = watchConfigFolder({ dir: '/configs', onChange, watch: fakeWatch().watch, fingerprint: () => content });
    await vi.advanceTimersByTimeAsync(6000);
    expect(onChange).toHaveBeenCalledTimes(0);
    content = 'v2';
    await vi.advanceTimersByTimeAsync(2000);
    expect(onChange).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(6000);
    expect(onChange).toHaveBeenCalledTimes(1);
    w.close();
  });

  it('does not fire twice for a change both the event and the periodic check see', async () => {
    let content = 'v1';
    const fs = fakeWatch();
    const onChange = vi.fn();
    const w = watchConfigFolder({ dir: '/configs', onChange, watch: fs.watch, fingerprint: () => content });
    content = 'v2';
    fs.emit();
    await vi.advanceTimersByTimeAsync(200);
    await vi.advanceTimersByTimeAsync(4000);
    expect(onChange).toHaveBeenCalledTimes(1);
    w.close();
  });

  it('keeps checking content when watching fails', async () => {
    let content = 'v1';
    const onChange = vi.fn();
    const log = vi.fn();
    const w = watchConfigFolder({
      dir: '/configs',
      onChange,
      log,
      fingerprint: () => content,
      watch: () => {
        throw new Error('ENOSYS');
      },
    });
    expect(log).toHaveBeenCalledWith(expect.stringContaining('cannot watch /configs (ENOSYS)'));
    content = 'v2';
    await vi.advanceTimersByTimeAsync(2000);
    expect(onChange).toHaveBeenCalledTimes(1);
    w.close();
  });
});

describe('watchConfigFolder with the content fingerprint', () => {
  it('notices an edit of a file without any event, and nothing while the content stays', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'config-watch-'));
    try {
      writeFileSync(join(dir, 'main.json'), '{"name":"a"}');
      writeFileSync(join(dir, 'big.json'), Buffer.alloc(300 * 1024, 32));
      const onChange = vi.fn();
      const w = watchConfigFolder({ dir, onChange, watch: fakeWatch().watch, pollMs: 10 });
      // Many polls of the same content: no change.
      let polls = 0;
      await vi.waitFor(() => expect(++polls).toBeGreaterThan(20), { interval: 10 });
      expect(onChange).not.toHaveBeenCalled();
      writeFileSync(join(dir, 'big.json'), Buffer.concat([Buffer.alloc(300 * 1024 - 1, 32), Buffer.from('x')]));
      await vi.waitFor(() => expect(onChange).toHaveBeenCalledTimes(1));
      w.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
