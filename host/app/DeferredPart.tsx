import { Component, Suspense, type ReactNode } from 'react';
import { reloadOnceOnMissingChunk } from '../../core/react/chunk-reload';
import { useShell } from '../../core/react/context';
import type { Monitor } from '../../core/util/monitoring';

interface Props {
  /** What the part is, for the error report (`footer`). */
  name: string;
  children: ReactNode;
}

/**
 * A part of the host's page below the fold whose code is a lazy view: the server renders it, and the browser hydrates
 * it once that code has arrived, after the rest of the page (React keeps the server's HTML until then). Code that
 * fails to load takes the part away, reported, never the page.
 */
export function DeferredPart(props: Props) {
  return <Boundary {...props} monitor={useShell().monitor} />;
}

class Boundary extends Component<Props & { monitor: Monitor }, { failed: boolean }> {
  state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  componentDidCatch(error: Error) {
    this.props.monitor.captureError(error, { boundary: this.props.name });
    reloadOnceOnMissingChunk(error);
  }

  render() {
    return this.state.failed ? null : <Suspense fallback={null}>{this.props.children}</Suspense>;
  }
}
