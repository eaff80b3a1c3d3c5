import { useCallback, useSyncExternalStore } from 'react';
import type { BehaviorSubject } from 'rxjs';
import type { Viewport } from '../../core/plugin-api';
import { useShell } from '../../core/plugin-api';

/**
 * A subject's value that renders `serverValue` on the server and while hydrating, then follows the subject.
 * A part of the page may hydrate after the subject has moved on (a lazy page hydrates after the root's effects
 * have set the real viewport): it still adopts the server HTML as it is, and React re-renders it with the current
 * value right after (useSyncExternalStore's server snapshot).
 */
function useHydratedValue<T>(subject: BehaviorSubject<T>, serverValue: T): T {
  const subscribe = useCallback(
    (onChange: () => void) => {
      const sub = subject.subscribe(() => onChange());
      return () => sub.unsubscribe();
    },
    [subject],
  );
  return useSyncExternalStore(
    subscribe,
    () => subject.value,
    () => serverValue,
  );
}

/** The window's viewport: the server's guess (390 px phones, 1280 px otherwise) until hydrated, then the real one. */
export function useViewport(): Viewport {
  const { state } = useShell().env;
  return useHydratedValue(state.viewport$, state.serverViewport);
}

/**
 * False on the server, in the render that hydrates, and until the page knows the window's width (`hydrated$`, set
 * with the real viewport once hydrated); true from then on: a part laid out for the server's guess of the width can
 * leave that layout to CSS until then. React re-renders a component right after hydrating it, which may come before
 * the page has its width: that render must not lay out for the guess's width.
 */
export function useBeyondHydration(): boolean {
  const { state } = useShell().env;
  return useHydratedValue(state.hydrated$, false);
}
