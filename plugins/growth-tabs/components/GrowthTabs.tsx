import type { ReactNode } from 'react';
import { useLoaderData, usePlugin, usePluginT, useShell } from '../../../core/plugin-api';
import { buildTabs, type GrowthOptions, type PageTabKey } from '../services/tabs';
import './growth.css';
import { REBATE_LOADER } from '../refs';

/** Spec 001 §2 growth tab bar: a navigation of links, the current page marked with aria-current. */
function GrowthTabs({ current }: { current: PageTabKey }) {
  const { t } = usePluginT();
  const { env } = useShell();
  const { options } = usePlugin<GrowthOptions>();
  const rebate = useLoaderData(REBATE_LOADER);
  const tabs = buildTabs({
    current,
    agencyType: rebate?.agency_type ?? null,
    options,
    langPrefix: env.langPrefix,
    allowedHosts: env.region.allowedLinkHosts ?? [],
    hideReferral: !!env.region.hiddenReferral,
  });
  return (
    <nav className="growth-tabs" aria-label={t('nav')}>
      <ul className="growth-tabs__list">
        {tabs.map((tab) => (
          <li key={tab.key}>
            <a
              className={`growth-tabs__tab${tab.current ? ' growth-tabs__tab--current' : ''}${tab.key === 'affiliate' || tab.key === 'broker' ? ' growth-tabs__tab--role' : ''}`}
              href={tab.href}
              aria-current={tab.current ? 'page' : undefined}
              data-tab={tab.key}
              {...(tab.newTab ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
            >
              {t(`tabs.${tab.key}`)}
              {tab.newTab && <span className="growth-sr-only"> {t('newTab')}</span>}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** A growth page: the tab bar on top, then the page's own heading and body. */
export function GrowthLayout({ current, title, lead, children }: { current: PageTabKey; title: string; lead: string; children: ReactNode }) {
  return (
    <div className="growth-page">
      <GrowthTabs current={current} />
      <section className="growth-body" aria-labelledby="growth-title">
        <header className="growth-head">
          <h1 id="growth-title">{title}</h1>
          <p className="growth-head__lead">{lead}</p>
        </header>
        {children}
      </section>
    </div>
  );
}
