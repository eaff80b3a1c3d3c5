import { useState } from 'react';
import { localePath, usePlugin, usePluginT, useShell, useShellData } from '../../core/plugin-api';
import { useViewport } from '../../kit';
import { appLinkFor } from './decide';
import type { AppBarOptions } from './constants';
import { AppDownloadGuide } from './AppDownloadGuide';
import { PromoBanner } from './PromoBanner';
import './app-bar.css';

/** The id of the direct-downloads heading: the target of the guides' more button on this page. */
const DIRECT_ID = 'direct-downloads';

/** The store/download page (/appdownload; /mobileapp on Turkey): rewards banner, QR guides, store links. */
export function DownloadPage() {
  const { t } = usePluginT();
  const { env } = useShell();
  const { options } = usePlugin<AppBarOptions>();
  const { downloadLinks } = useShellData();
  const viewport = useViewport();
  const [bannerOpen, setBannerOpen] = useState(true);
  const apk = appLinkFor(downloadLinks, env.state.route$.value.path, env.locale.lng, 'web');
  const site = env.region.name;
  return (
    <div className="app-download-page">
      <h1>{t('page.title', { site })}</h1>
      <p className="app-download-page__lead">{t('page.lead')}</p>
      {bannerOpen && (
        <PromoBanner
          variant={viewport.isMobile ? 'mobile' : 'desktop'}
          title={t('banner.title')}
          description={t('banner.description', { site })}
          benefit={t('banner.benefit')}
          action={{ label: t('banner.action'), href: localePath(env.langPrefix, '/campaigns/') }}
          onClose={() => setBannerOpen(false)}
        />
      )}
      {/* On this page the guides' "more download options" are the direct downloads below, not this page again. */}
      <div className="app-download-page__guides">
        <AppDownloadGuide variant="horizontal" moreHref={`#${DIRECT_ID}`} />
        <AppDownloadGuide variant="line" moreHref={`#${DIRECT_ID}`} />
        <AppDownloadGuide variant="shadow" moreHref={`#${DIRECT_ID}`} />
      </div>
      <h2 id={DIRECT_ID} className="app-download-page__direct">
        {t('page.direct')}
      </h2>
      <ul className="app-download-page__stores">
        <li>
          <a className="shell-btn shell-btn--ghost" href={options.storeLinks.ios} rel="noopener noreferrer" target="_blank">
            {t('page.ios')}
          </a>
        </li>
        <li>
          <a className="shell-btn shell-btn--ghost" href={options.storeLinks.android} rel="noopener noreferrer" target="_blank">
            {t('page.android')}
          </a>
        </li>
        {apk && (
          <li>
            <a className="shell-btn shell-btn--ghost" href={apk} rel="noopener noreferrer">
              {t('page.apk')}
            </a>
          </li>
        )}
      </ul>
    </div>
  );
}
