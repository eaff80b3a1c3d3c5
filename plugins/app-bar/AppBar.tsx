import { useEffect, useMemo } from 'react';
import { localePath, usePlugin, usePluginT, useShell, useShellData, type SlotItemProps } from '../../core';
import { appLinkFor, opensInNewTab, storePath } from './decide';
import { debounce } from './debounce';
import { CLICK_DEBOUNCE_MS, HIDDEN_COOKIE, VIEW_EVENT_DELAY_MS, type AppBarOptions } from './constants';
import { AppIcon } from './AppIcon';
import './app-bar.css';

/** What a click on the bar does (spec 000 §4): open the app link, then go to the store page. */
export function openApp(target: { appLink: string | null; newTab: boolean; store: string }, win: Pick<Window, 'open' | 'location'> = window) {
  if (target.appLink && target.newTab) win.open(target.appLink, '_blank', 'noopener,noreferrer');
  win.location.assign(target.store);
}

/** The mobile app-download floating bar: app name, an open button, a close control. */
export function AppBar({ dismiss }: SlotItemProps) {
  const { t } = usePluginT();
  const { env, monitor } = useShell();
  const { options } = usePlugin<AppBarOptions>();
  const { downloadLinks } = useShellData();
  const { region, langPrefix, locale } = env;
  const path = env.state.route$.value.path;

  useEffect(() => {
    const timer = setTimeout(() => monitor.event('app_bar_view', { region: region.key, path, locale: locale.code }), VIEW_EVENT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [monitor, region.key, path, locale.code]);

  const onOpen = useMemo(
    () =>
      debounce(() => {
        monitor.event('app_bar_click', { region: region.key, path });
        openApp({ appLink: appLinkFor(downloadLinks, path, locale.lng), newTab: opensInNewTab(region.key), store: localePath(langPrefix, storePath(region.key)) });
      }, CLICK_DEBOUNCE_MS),
    [monitor, region.key, path, downloadLinks, locale.lng, langPrefix],
  );
  useEffect(() => () => onOpen.cancel(), [onOpen]);

  const close = () => {
    onOpen.cancel();
    env.cookies.set(HIDDEN_COOKIE, '1', { maxAge: options.hideForDays * 86400 });
    dismiss();
  };

  return (
    <aside className="app-bar" aria-label={t('bar.label')} data-testid="app-bar">
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
