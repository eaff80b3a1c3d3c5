import { useEffect, useMemo, useState } from 'react';
import { localePath, useOptionalService, usePlugin, usePluginT, useShell, useShellData, type SlotItemProps } from '../../core/plugin-api';
import { ANALYTICS_SERVICE } from '../analytics';
import { appLinkFor } from './decide';
import { debounce } from './debounce';
import { CLICK_DEBOUNCE_MS, HIDDEN_COOKIE, VIEW_EVENT_DELAY_MS, type AppBarOptions } from './constants';
import { AppIcon } from './AppIcon';
import './app-bar.css';

/** What a click on the bar does (spec 000 §4): open the app link, then go to the store/download page. */
export function openApp(
  target: { appLink: string | null; newTab: boolean; store: string; fallbackMs: number },
  win: Pick<Window, 'open' | 'location' | 'setTimeout'> & { document?: Pick<Document, 'visibilityState'> } = window,
) {
  if (target.appLink && target.newTab) win.open(target.appLink, '_blank', 'noopener,noreferrer');
  if (!target.appLink || target.newTab) return win.location.assign(target.store);
  // Same tab (Turkey): the app link first; if the page is still showing afterwards (no app took over), the store page.
  win.location.assign(target.appLink);
  win.setTimeout(() => win.document?.visibilityState !== 'hidden' && win.location.assign(target.store), target.fallbackMs);
}

/** The mobile app-download floating bar: app name, an open button, a close control. */
export function AppBar({ dismiss }: SlotItemProps) {
  const { t } = usePluginT();
  const { env } = useShell();
  const analytics = useOptionalService(ANALYTICS_SERVICE);
  const { options } = usePlugin<AppBarOptions>();
  const { downloadLinks } = useShellData();
  const { region, langPrefix, locale } = env;
  const path = env.state.route$.value.path;
  const [viewEvent, setViewEvent] = useState<'pending' | 'sent' | 'no-consent'>('pending');

  useEffect(() => {
    const timer = setTimeout(() => {
      const sent = analytics?.track('app_bar_view', { path }) ?? false;
      setViewEvent(sent ? 'sent' : 'no-consent');
    }, VIEW_EVENT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [analytics, path]);

  const onOpen = useMemo(
    () =>
      debounce(() => {
        analytics?.track('app_bar_click', { path });
        openApp({
          appLink: appLinkFor(downloadLinks, path, locale.lng),
          newTab: options.storeLinkNewTab,
          store: localePath(langPrefix, options.storePath),
          fallbackMs: options.sameTabStoreDelayMs,
        });
      }, CLICK_DEBOUNCE_MS),
    [analytics, path, downloadLinks, locale.lng, langPrefix, options.storeLinkNewTab, options.storePath, options.sameTabStoreDelayMs],
  );
  useEffect(() => () => onOpen.cancel(), [onOpen]);

  const close = () => {
    onOpen.cancel();
    env.cookies.set(HIDDEN_COOKIE, '1', { maxAge: options.hideForDays * 86400 });
    dismiss();
  };

  return (
    <aside className="app-bar" aria-label={t('bar.label')} data-testid="app-bar" data-view-event={viewEvent}>
      <button type="button" className="app-bar__close" aria-label={t('bar.close')} onClick={close}>
        <span aria-hidden="true">×</span>
      </button>
      <div className="app-bar__body" onClick={onOpen}>
        <AppIcon className="app-bar__icon" />
        <div className="app-bar__text">
          <strong className="app-bar__title">{t('bar.title', { site: region.name })}</strong>
          <span className="app-bar__subtitle">{t('bar.subtitle')}</span>
        </div>
      </div>
      <button type="button" className="app-bar__open" onClick={onOpen}>
        {t('bar.open')}
      </button>
    </aside>
  );
}
