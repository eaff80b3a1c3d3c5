import { EventEmitter } from 'node:events';
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

  it('runs onChange once, 200 ms after the last of a burst of events', () => {
    const fs = fakeWatch();
    const onChange = vi.fn();
    const w = watchConfigFolder({ dir: '/configs', onChange, watch: fs.watch, fingerprint: () => 'same' });
    for (let i = 0; i < 10; i++) {
      fs.emit();
      vi.advanceTimersByTime(150);
    }
    expect(onChange).toHaveBeenCalledTimes(0);
    vi.advanceTimersByTime(49);
    expect(onChange).toHaveBeenCalledTimes(0);
    vi.advanceTimersByTime(1);
    expect(onChange).toHaveBeenCalledTimes(1);
    w.close();
    expect(fs.watcher.close).toHaveBeenCalled();
  });

  it('notices a content change without any event (the periodic check), once per change', () => {
    let content = 'v1';
    const onChange = vi.fn();
    const w = watchConfigFolder({ dir: '/configs', onChange, watch: fakeWatch().watch, fingerprint: () => content });
    vi.advanceTimersByTime(6000);
    expect(onChange).toHaveBeenCalledTimes(0);
    content = 'v2';
    vi.advanceTimersByTime(2000);
    expect(onChange).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(6000);
    expect(onChange).toHaveBeenCalledTimes(1);
    w.close();
  });

  it('does not fire twice for a change both the event and the periodic check see', () => {
    let content = 'v1';
    const fs = fakeWatch();
    const onChange = vi.fn();
    const w = watchConfigFolder({ dir: '/configs', onChange, watch: fs.watch, fingerprint: () => content });
    content = 'v2';
    fs.emit();
    vi.advanceTimersByTime(200);
    vi.advanceTimersByTime(4000);
    expect(onChange).toHaveBeenCalledTimes(1);
    w.close();
  });

  it('keeps checking content when watching fails', () => {
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
    vi.advanceTimersByTime(2000);
    expect(onChange).toHaveBeenCalledTimes(1);
    w.close();
  });
});
