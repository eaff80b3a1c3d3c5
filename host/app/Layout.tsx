import { useEffect } from 'react';
import { useNamespaceT } from '../../core/react/context';
import { Slot } from '../../core/react/Slot';
import { PluginBoundary } from '../../core/react/PluginBoundary';
import { useShell } from '../../core/react/context';
import type { BootState } from './boot';
import { DeferredPart } from './DeferredPart';
import { Header } from './Header';
import { PageErrorBoundary } from './PageErrorBoundary';
import { PhishingWarning } from './PhishingWarning';
import { Toasts } from './Toasts';
import { resolveRoute } from './resolve-route';
import { SiteConfigProvider } from './site-config';
import { DeferredFooter } from './shell-views';
import './floating.css';

/** Tells the runtime once the browser has hydrated the page. */
function HydrationSignal() {
  const { onHydrated } = useShell();
  useEffect(() => onHydrated?.(), [onHydrated]);
  return null;
}

/** The host layout: top bar, header, notices, the page, footer, floating widgets, the modal queue; the whole region config for its parts. */
export function Layout({ boot }: { boot: BootState }) {
  const { t } = useNamespaceT('shell');
  const runtime = useShell();
  const { route, params } = resolveRoute(runtime.activation.routes, boot.route.path);
  const Page = route.component;
  const page = <Page params={params} />;
  return (
    <SiteConfigProvider value={boot.region}>
      <a className="shell-skip" href="#main">
        {t('skipToContent')}
      </a>
      <PhishingWarning />
      <div className="shell-topbar">
        <Slot name="topbar" />
      </div>
      <Header />
      <div className="shell-notices">
        <Slot name="notice" />
      </div>
      <main id="main" className="shell-main" tabIndex={-1}>
        <PageErrorBoundary monitor={runtime.monitor}>
          {route.pluginId ? (
            <PluginBoundary pluginId={route.pluginId} onError={(id, err) => runtime.monitor.captureError(err, { plugin: id, route: route.path })}>
              {page}
            </PluginBoundary>
          ) : (
            page
          )}
        </PageErrorBoundary>
      </main>
      <DeferredPart name="footer">
        <DeferredFooter />
      </DeferredPart>
      <div className="shell-floating" data-floating-stack="">
        <Slot name="floating" />
        <div className="shell-floating__menu" data-floating-menu="" />
      </div>
      <Slot name="modal" />
      <Toasts />
      <HydrationSignal />
    </SiteConfigProvider>
  );
}
