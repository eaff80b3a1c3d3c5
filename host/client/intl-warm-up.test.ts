import { afterEach, describe, expect, it, vi } from 'vitest';
import { warmUpIntl } from './intl-warm-up';

/** A worker that records whether it was terminated. */
function fakeWorker() {
  const worker = Object.assign(new EventTarget(), { terminated: 0, terminate: () => worker.terminated++ });
  return worker;
}

describe('warmUpIntl', () => {
  afterEach(() => vi.unstubAllGlobals());

  it.each(['message', 'error'])('ends its worker once the worker says "%s"', (event) => {
    vi.stubGlobal('Worker', class {});
    const worker = fakeWorker();
    warmUpIntl(() => worker as unknown as Worker);
    expect(worker.terminated).toBe(0);
    worker.dispatchEvent(new Event(event));
    expect(worker.terminated).toBe(1);
  });

  it('leaves the work to the main thread when no worker can start', () => {
    vi.stubGlobal('Worker', class {});
    expect(() =>
      warmUpIntl(() => {
        throw new DOMException('blocked', 'SecurityError');
      }),
    ).not.toThrow();
  });

  it('starts nothing where the browser has no workers', () => {
    vi.stubGlobal('Worker', undefined);
    const start = vi.fn();
    warmUpIntl(start);
    expect(start).not.toHaveBeenCalled();
  });
});
