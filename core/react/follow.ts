import { useEffect, useRef } from 'react';

/**
 * Starts `start(source)` once committed and starts it again (stopping the previous run) after any commit where
 * `source` is another value; stops it on unmount. Use it in place of `useEffect(…, [source])` for subscriptions:
 * React can skip an effect whose dependencies changed in a transition render (facebook/react#34556), which left a
 * slot following the streams of entries it no longer renders. This effect has no dependency list, so it runs after
 * every commit, and compares the source itself.
 */
export function useFollow<S>(source: S, start: (source: S) => () => void): void {
  const running = useRef<{ source: S; stop: () => void } | null>(null);
  useEffect(() => {
    if (running.current && Object.is(running.current.source, source)) return;
    running.current?.stop();
    running.current = { source, stop: start(source) };
  });
  useEffect(
    () => () => {
      running.current?.stop();
      running.current = null;
    },
    [],
  );
}
