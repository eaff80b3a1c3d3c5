import type { ReactNode } from 'react';
import { isIgnoredError, MONITOR_EVENTS } from '../util/monitoring';
import { DropOnError } from './DropOnError';
import { PluginScope, useShell } from './context';
import { CountedBoundary } from './per-request';

interface Props {
  pluginId: string;
  onError: (pluginId: string, error: Error) => void;
  children: ReactNode;
}

/**
 * Wraps every contribution: `[data-plugin]` (display: contents) for tests and styling, an error boundary so a
 * crashing plugin disappears alone, and a Suspense boundary so a server-side crash falls back to the client (counted:
 * the page counts as hydrated once it has hydrated, core/react/per-request.tsx).
 * A crash it catches is reported as the custom event `plugin_error` (counted in the per-view limit; not for the
 * errors monitoring ignores), then handed to `onError` (the host's full error report).
 */
export function PluginBoundary({ pluginId, onError, children }: Props) {
  const { monitor } = useShell();
  const report = (error: Error) => {
    if (!isIgnoredError(error)) monitor.event(MONITOR_EVENTS.pluginError, { plugin: pluginId, error: error?.name ?? 'Error' });
    onError(pluginId, error);
  };
  return (
    <DropOnError onError={report}>
      <div data-plugin={pluginId} style={{ display: 'contents' }}>
        <PluginScope id={pluginId}>
          <CountedBoundary fallback={null}>{children}</CountedBoundary>
        </PluginScope>
      </div>
    </DropOnError>
  );
}
