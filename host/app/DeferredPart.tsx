import { Suspense, type ReactNode } from 'react';
import { useShell } from '../../core/react/context';
import { DropOnError } from '../../core/react/DropOnError';

/**
 * A part of the host's page below the fold whose code is a lazy view: the server renders it, and the browser hydrates
 * it once that code has arrived, after the rest of the page (React keeps the server's HTML until then). Code that
 * fails to load takes the part away, reported, never the page.
 */
export function DeferredPart({ name, children }: { /** What the part is, for the error report (`footer`). */ name: string; children: ReactNode }) {
  const { monitor } = useShell();
  return (
    <DropOnError onError={(error) => monitor.captureError(error, { boundary: name })}>
      <Suspense fallback={null}>{children}</Suspense>
    </DropOnError>
  );
}
