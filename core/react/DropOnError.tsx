import { Component, type ReactNode } from 'react';
import { reloadOnceOnMissingChunk } from './chunk-reload';

interface Props {
  /** Told of the error once its part has gone. */
  onError: (error: Error) => void;
  children: ReactNode;
}

/**
 * An error boundary under which a part of the page that throws (or whose code fails to load) renders nothing, alone:
 * the error goes to `onError`, and code missing since a new deployment reloads the page once (`chunk-reload.ts`).
 */
export class DropOnError extends Component<Props, { failed: boolean }> {
  state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  componentDidCatch(error: Error) {
    this.props.onError(error);
    reloadOnceOnMissingChunk(error);
  }

  render() {
    return this.state.failed ? null : this.props.children;
  }
}
