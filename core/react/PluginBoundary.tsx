import { Component, Suspense, type ReactNode } from 'react';
import { isIgnoredError, MONITOR_EVENTS, type Monitor } from '../util/monitoring';
import { reloadOnceOnMissingChunk } from './chunk-reload';
import { PluginScope, useShell } from './context';

interface Props {
  pluginId: string;
  onError: (pluginId: string, error: Error) => void;
  children: ReactNode;
}

/**
 * Wraps every contribution: `[data-plugin]` (display: contents) for tests and styling, an error boundary so a
 * crashing plugin disappears alone, and a Suspense boundary so a server-side crash falls back to the client.
 * A crash it catches is reported as the custom event `plugin_error` (counted in the per-view limit; not for the
 * errors monitoring ignores), then handed to `onError` (the host's full error report).
 */
export function PluginBoundary(props: Props) {
  return <Boundary {...props} monitor={useShell().monitor} />;
}

class Boundary extends Component<Props & { monitor: Monitor }, { failed: boolean }> {
  state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  componentDidCatch(error: Error) {
    const { pluginId, monitor, onError } = this.props;
    if (!isIgnoredError(error)) monitor.event(MONITOR_EVENTS.pluginError, { plugin: pluginId, error: error?.name ?? 'Error' });
    onError(pluginId, error);
    reloadOnceOnMissingChunk(error);
  }

  render() {
    if (this.state.failed) return null;
    return (
      <div data-plugin={this.props.pluginId} style={{ display: 'contents' }}>
        <PluginScope id={this.props.pluginId}>
          <Suspense fallback={null}>{this.props.children}</Suspense>
        </PluginScope>
      </div>
    );
  }
}
