import { parseCookieHeader, serializeCookie as serialize, type CookieOptions } from './cookie-codec';

export type { CookieOptions } from './cookie-codec';

/** One cookie API on the server (request header in, Set-Cookie out) and in the browser (document.cookie). */
export interface CookieJar {
  get(name: string): string | undefined;
  all(): Record<string, string>;
  set(name: string, value: string, options?: CookieOptions): void;
  remove(name: string, options?: CookieOptions): void;
}

const DEFAULTS: CookieOptions = { path: '/', sameSite: 'lax' };

/** A map of cookie names to values with no prototype: a cookie named `toString` or `__proto__` is just a cookie. */
const cookieMap = (entries: Iterable<readonly [string, string]> = []): Record<string, string> =>
  Object.assign(Object.create(null) as Record<string, string>, Object.fromEntries(entries));

/**
 * Cookies of one server request; what is set is both readable at once and sent as Set-Cookie. `defaults` apply to
 * every cookie set (the page handler passes `{ secure: true }` when the request came over HTTPS).
 */
export class ServerCookieJar implements CookieJar {
  /** The request's cookies, as it sent them. */
  private readonly sent: Readonly<Record<string, string>>;
  /** Those, with what this request set. */
  private readonly values: Record<string, string>;
  private readonly defaults: CookieOptions;
  readonly setCookieHeaders: string[] = [];

  constructor(header: string | undefined, defaults: CookieOptions = {}) {
    this.sent = parseCookieHeader(header ?? '');
    this.values = cookieMap(Object.entries(this.sent));
    this.defaults = { ...DEFAULTS, ...defaults };
  }
  get(name: string) {
    return this.values[name];
  }
  all() {
    return { ...this.values };
  }
  /** A cookie's value, never counted as read (what goes only to the back end, never into the page). */
  peek(name: string): string | undefined {
    return this.values[name];
  }
  /** The value the request sent (before anything this request set). */
  sentValue(name: string): string | undefined {
    return this.sent[name];
  }
  set(name: string, value: string, options: CookieOptions = {}) {
    this.values[name] = value;
    this.setCookieHeaders.push(serialize(name, value, { ...this.defaults, ...options }));
  }
  remove(name: string, options: CookieOptions = {}) {
    delete this.values[name];
    this.setCookieHeaders.push(serialize(name, '', { ...this.defaults, ...options, maxAge: 0 }));
  }
}

/**
 * document.cookie behind the same API; cookies are Secure on an https page unless told otherwise.
 *
 * Each read of `document.cookie` is a synchronous call to the browser's network process (about 0.5 ms in Chromium,
 * and a page's start-up made 25 of them: a plugin with eleven bars reads one cookie for each). So the parsed cookies
 * are kept until the current microtasks run: what a server reply or another tab sets arrives in a task of its own,
 * after that, and what this jar writes drops them at once. Only a script writing `document.cookie` itself, in the same
 * synchronous run as a read through the jar, goes unseen until then.
 */
export class BrowserCookieJar implements CookieJar {
  private parsed: Record<string, string> | null = null;
  constructor(private readonly doc: Document = document) {}
  private defaults(): CookieOptions {
    return this.doc.location?.protocol === 'https:' ? { ...DEFAULTS, secure: true } : DEFAULTS;
  }
  private current(): Record<string, string> {
    if (!this.parsed) {
      this.parsed = parseCookieHeader(this.doc.cookie);
      queueMicrotask(() => (this.parsed = null));
    }
    return this.parsed;
  }
  get(name: string) {
    return this.current()[name];
  }
  all() {
    return cookieMap(Object.entries(this.current()));
  }
  set(name: string, value: string, options: CookieOptions = {}) {
    this.parsed = null;
    this.doc.cookie = serialize(name, value, { ...this.defaults(), ...options });
  }
  remove(name: string, options: CookieOptions = {}) {
    this.parsed = null;
    this.doc.cookie = serialize(name, '', { ...this.defaults(), ...options, maxAge: 0 });
  }
}

/** An in-memory jar for tests and tools. */
export class MemoryCookieJar extends ServerCookieJar {
  constructor(initial: Record<string, string> = {}) {
    super(
      Object.entries(initial)
        .map(([k, v]) => serialize(k, v))
        .join('; '),
    );
  }
}
