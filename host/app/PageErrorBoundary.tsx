import { Component, type ReactNode } from 'react';
import { Translation } from 'react-i18next';
import type { Monitor } from '../../core/util/monitoring';

/** Spec 001 §8: the page-level fallback, "Something went wrong" with a Refresh button that reloads. */
export class PageErrorBoundary extends Component<{ monitor: Monitor; children: ReactNode }, { failed: boolean }> {
  state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  componentDidCatch(error: Error) {
    this.props.monitor.captureError(error, { boundary: 'page' });
  }

  render() {
    if (!this.state.failed) return this.props.children;
    return (
      <Translation ns="shell">
        {(t) => (
          <section className="shell-page-error" role="alert">
            <h1>{t('error.title')}</h1>
            <p>{t('error.body')}</p>
            <button type="button" className="shell-btn shell-btn--primary" onClick={() => window.location.reload()}>
              {t('error.refresh')}
            </button>
          </section>
        )}
      </Translation>
    );
  }
}
