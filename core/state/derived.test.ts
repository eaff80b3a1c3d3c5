import fc from 'fast-check';
import { BehaviorSubject, combineLatest, distinctUntilChanged, map, of, Subject, type Observable } from 'rxjs';
import { describe, expect, it } from 'vitest';
import { derived, peek, UNREAD } from './derived';

/** What subscribing gives at once: the values emitted synchronously on subscription. */
function atOnce<T>(stream: Observable<T>): T[] {
  const seen: T[] = [];
  stream.subscribe((v) => seen.push(v)).unsubscribe();
  return seen;
}

describe('derived', () => {
  it('emits what combineLatest, map and distinctUntilChanged emit, and its peek is what subscribing gives at once', () => {
    const step = fc.record({ which: fc.integer({ min: 0, max: 2 }), value: fc.integer({ min: 0, max: 3 }) });
    fc.assert(
      fc.property(fc.array(step, { maxLength: 30 }), fc.integer({ min: 1, max: 3 }), (steps, count) => {
        const subjects = [0, 1, 2].slice(0, count).map(() => new BehaviorSubject(0));
        const project = (...values: number[]) => values.reduce((a, b) => a + b, 0) % 3;
        const mine = derived(subjects, project);
        const inner = derived([mine], (v) => v * 2);
        const theirs = combineLatest(subjects).pipe(
          map((values) => project(...values)),
          distinctUntilChanged(),
        );
        const got: number[] = [];
        const want: number[] = [];
        const subs = [mine.subscribe((v) => got.push(v)), theirs.subscribe((v) => want.push(v))];
        for (const { which, value } of steps) {
          subjects[which % count].next(value);
          expect(peek(mine)).toEqual(atOnce(mine)[0]);
          expect(peek(inner)).toEqual(atOnce(inner)[0]);
        }
        subs.forEach((s) => s.unsubscribe());
        expect(got).toEqual(want);
      }),
      { numRuns: 200 },
    );
  });

  it('cannot be read without subscribing when a source is not a subject or a derived value', () => {
    const subject = new BehaviorSubject(1);
    expect(peek(derived([subject, of(2)], (a, b) => a + b))).toBe(UNREAD);
    expect(peek(derived([new Subject<number>()], (a) => a))).toBe(UNREAD);
    expect(peek(subject.asObservable())).toBe(UNREAD);
    expect(peek(subject)).toBe(1);
  });

  it('reads nothing of a subject that completed or failed, as subscribing gets no value from it', () => {
    const done = new BehaviorSubject(1);
    done.complete();
    const failed = new BehaviorSubject(1);
    failed.error(new Error('x'));
    for (const s of [done, failed]) {
      expect(peek(s)).toBe(UNREAD);
      expect(peek(derived([s], (v) => v))).toBe(UNREAD);
    }
    expect(atOnce(derived([done], (v) => v))).toEqual([]);
  });

  it('throws what its projection throws, where subscribing would fail', () => {
    const boom = derived([new BehaviorSubject(1)], () => {
      throw new Error('boom');
    });
    expect(() => peek(boom)).toThrow('boom');
  });
});
