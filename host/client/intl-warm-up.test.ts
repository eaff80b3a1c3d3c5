import { afterEach, describe, expect, it, vi } from 'vitest';
import { warmUpIntl } from './intl-warm-up';

describe('warmUpIntl', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('starts the worker once', () => {
    vi.stubGlobal('Worker', class {});
    const start = vi.fn();
    warmUpIntl(start);
    expect(start).toHaveBeenCalledTimes(1);
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
