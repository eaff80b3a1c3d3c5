import { useId } from 'react';
import { usePlugin, usePluginT, useShell, type SlotItemProps } from '../../../../core/plugin-api';
import type { AnnouncementOptions } from './options.generated';
import { CLOSED_COOKIE } from './rules';
import './announcement.css';

/** announcement's bar: a message, a link to the page its options name, and a close control remembered in a cookie. */
export function AnnouncementBar({ dismiss }: SlotItemProps) {
  const { t } = usePluginT();
  const { env } = useShell();
  const { options } = usePlugin<AnnouncementOptions>();
  const textId = useId();
  const close = () => {
    env.cookies.set(CLOSED_COOKIE, '1', { maxAge: options.closeDays * 86400 });
    env.bus.emit('cookie:change', { name: CLOSED_COOKIE, value: '1' });
    dismiss();
  };
  return (
    <div className="announcement" role="region" aria-labelledby={textId}>
      <p id={textId} className="announcement__text">
        {t('text')}
      </p>
      <a className="shell-btn shell-btn--primary announcement__link" href={env.href(options.link)}>
        {t('cta')}
      </a>
      <button type="button" className="announcement__close" aria-label={t('close')} onClick={close}>
        ×
      </button>
    </div>
  );
}
