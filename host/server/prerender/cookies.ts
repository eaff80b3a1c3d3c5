import type { CookieJar, CookieOptions } from '../../../core/util/cookies';

/**
 * The request's cookies as a prerender sees them: every cookie read is recorded with its value (the prelude is
 * reused only for requests that send the same values), and any write or read of all of them makes the prelude
 * unfit for sharing (`shareable` false).
 */
export class RecordingCookies implements CookieJar {
  readonly reads = new Map<string, string | undefined>();
  shareable = true;

  constructor(private readonly source: CookieJar) {}

  get(name: string): string | undefined {
    const value = this.source.get(name);
    if (!this.reads.has(name)) this.reads.set(name, value);
    return value;
  }
  all(): Record<string, string> {
    this.shareable = false;
    return this.source.all();
  }
  set(_name: string, _value: string, _options?: CookieOptions): void {
    this.shareable = false;
  }
  remove(_name: string, _options?: CookieOptions): void {
    this.shareable = false;
  }
}

/** Whether `cookies` gives every recorded cookie the value it had when the prelude was made. */
export function sameReads(reads: ReadonlyArray<readonly [string, string | undefined]>, cookies: CookieJar): boolean {
  return reads.every(([name, value]) => cookies.get(name) === value);
}
