import { BehaviorSubject, combineLatest, distinctUntilChanged, map, type Observable } from 'rxjs';
import { BROWSER_BUILD } from '../util/browser-build';

/** What `peek` answers for a stream whose value cannot be read without subscribing to it. */
export const UNREAD: unique symbol = Symbol('unread');

const PEEK = Symbol('peek');

type Peekable<T> = Observable<T> & { [PEEK]?: () => T | typeof UNREAD };

/** The values of a list of streams, in order. */
type ValuesOf<S extends readonly Observable<unknown>[]> = { [K in keyof S]: S[K] extends Observable<infer T> ? T : never };

/**
 * A value made from streams: `combineLatest(sources)` projected, each new value only (`distinctUntilChanged`), a
 * stream like any other. On the server its current value can also be read without subscribing (`peek`): a page
 * decides each of its slot items' conditions once, and a subscription through three operators costs the server
 * about 2 µs and 2 KB an item, for a value the sources already hold.
 */
export function derived<S extends readonly Observable<unknown>[], R>(sources: readonly [...S], project: (...values: ValuesOf<S>) => R): Observable<R> {
  const values$ = sources.length === 1 ? sources[0].pipe(map((v) => [v])) : combineLatest(sources);
  const stream: Peekable<R> = values$.pipe(
    map((values) => project(...(values as ValuesOf<S>))),
    distinctUntilChanged(),
  );
  if (!BROWSER_BUILD) stream[PEEK] = () => peekAll(sources, project);
  return stream;
}

function peekAll<S extends readonly Observable<unknown>[], R>(sources: readonly [...S], project: (...values: ValuesOf<S>) => R): R | typeof UNREAD {
  const values: unknown[] = [];
  for (const source of sources) {
    const value = peek(source);
    if (value === UNREAD) return UNREAD;
    values.push(value);
  }
  return project(...(values as ValuesOf<S>));
}

/**
 * A stream's value as subscribing would give it at once, read without subscribing: a subject's (while it is open and
 * has not failed or completed) or a `derived` value's whose sources can be read so; else UNREAD. It may throw what
 * a projection throws.
 */
export function peek<T>(stream: Observable<T>): T | typeof UNREAD {
  const own = (stream as Peekable<T>)[PEEK];
  if (own) return own();
  if (stream instanceof BehaviorSubject && !stream.closed && !stream.isStopped && !stream.hasError) return stream.getValue() as T;
  return UNREAD;
}
