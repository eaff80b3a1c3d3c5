import { useId, type ComponentType } from 'react';
import { useObservable, usePlugin, usePluginT, useService, useShell, type SlotItemProps } from '../../core/plugin-api';
import { switchUrl, type BarDef } from './bars';
import { DISMISSALS } from './dismissals';
import type { SiteSwitchOptions } from './options';
import './site-switch.css';

/** One region-mismatch bar: message, 'Switch Site' link to the same page on the target site, close button. */
function SiteSwitchBar({ bar }: { bar: BarDef }) {
  const dismissals = useService(DISMISSALS);
  const { t } = usePluginT();
  const { env } = useShell();
  const { options } = usePlugin<SiteSwitchOptions>();
  const route = useObservable(env.state.route$, env.state.route$.value);
  const textId = useId();
  const href = switchUrl(env.regionOrigin(bar.target), route.path, options.targetLocales?.[bar.target]);
  const message = bar.target === 'main' ? t('toMain', { region: t(`region.${env.region.key}`) }) : t('toRegion', { region: t(`region.${bar.target}`) });
  return (
    <div className="site-switch" role="region" aria-labelledby={textId} data-bar={bar.id}>
      <svg className="site-switch__icon" viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
        <circle cx="12" cy="12" r="9" fill="none" stroke="currentColor" strokeWidth="1.6" />
        <path d="M3 12h18M12 3c2.5 2.6 3.8 5.6 3.8 9s-1.3 6.4-3.8 9c-2.5-2.6-3.8-5.6-3.8-9S9.5 5.6 12 3z" fill="none" stroke="currentColor" strokeWidth="1.6" />
      </svg>
      <p id={textId} className="site-switch__text">
        {message}
      </p>
      <div className="site-switch__actions">
        <a className="shell-btn shell-btn--primary site-switch__go" href={href}>
          {t('switch')}
        </a>
        <button type="button" className="site-switch__close" aria-label={t('close')} onClick={() => dismissals.close(bar.id)}>
          ×
        </button>
      </div>
    </div>
  );
}

/** The slot component of one bar (a closure over its definition). */
export function barComponent(bar: BarDef): ComponentType<SlotItemProps> {
  const Bar = () => <SiteSwitchBar bar={bar} />;
  Bar.displayName = `SiteSwitchBar(${bar.id})`;
  return Bar;
}
