import { Component, Suspense, type ReactNode } from 'react';
import { reloadOnceOnMissingChunk } from './chunk-reload';
import { PluginScope } from './context';

interface Props {
  pluginId: string;
  onError: (pluginId: string, error: Error) => void;
  children: ReactNode;
}

/**
 * Wraps every contribution: `[data-plugin]` (display: contents) for tests and styling, an error boundary so a
 * crashing plugin disappears alone, and a Suspense boundary so a server-side crash falls back to the client.
 */
export class PluginBoundary extends Component<Props, { failed: boolean }> {
  state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  componentDidCatch(error: Error) {
    this.props.onError(this.props.pluginId, error);
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
