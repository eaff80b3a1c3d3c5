/** Thrown when a capture takes longer than allowed (spec 001 §8: 10 s). */
export class PosterTimeoutError extends Error {
  constructor(ms: number) {
    super(`poster capture took longer than ${ms} ms`);
    this.name = 'PosterTimeoutError';
  }
}

/** Resolves with the task, or rejects with PosterTimeoutError after `ms` (pure helper). */
export function withTimeout<T>(task: Promise<T>, ms: number, timers: Pick<typeof globalThis, 'setTimeout' | 'clearTimeout'> = globalThis): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = timers.setTimeout(() => reject(new PosterTimeoutError(ms)), ms);
    task.finally(() => timers.clearTimeout(timer)).then(resolve, reject);
  });
}

/** Captures a DOM node as a PNG data URL with html-to-image (loaded on demand), within the time-out. */
export async function capturePoster(node: HTMLElement, timeoutMs: number): Promise<string> {
  const task = import('html-to-image').then(({ toPng }) => toPng(node, { pixelRatio: 2, cacheBust: true }));
  return withTimeout(task, timeoutMs);
}

/** Offers a data URL as a file download. */
export function downloadDataUrl(dataUrl: string, fileName: string): void {
  const a = document.createElement('a');
  a.href = dataUrl;
  a.download = fileName;
  document.body.append(a);
  a.click();
  a.remove();
}
