import { localePath, useLoaderData, usePlugin, usePluginT, useShell } from '../../core/plugin-api';
import { badgeText, type NotificationsOptions } from './options';
import './notifications.css';
import { UNREAD_LOADER } from './refs';

/** A bell link to the notifications page; the badge shows the unread count when the back end gave one. */
export function NotificationBell() {
  const { t } = usePluginT();
  const { env } = useShell();
  const { options } = usePlugin<NotificationsOptions>();
  const count = useLoaderData(UNREAD_LOADER) ?? null;
  const badge = badgeText(count, options.maxBadge);
  const label = count ? t('bellUnread', { count }) : t('bell');
  return (
    <a
      className="notif-bell shell-icon-btn"
      href={localePath(env.langPrefix, options.pagePath)}
      aria-label={label}
      title={label}
      data-track="header.notifications"
    >
      <svg aria-hidden="true" focusable="false" width="18" height="18" viewBox="0 0 24 24">
        <path
          fill="currentColor"
          d="M12 22a2.5 2.5 0 0 0 2.45-2h-4.9A2.5 2.5 0 0 0 12 22Zm7-6V11a7 7 0 0 0-5.5-6.84V3.5a1.5 1.5 0 0 0-3 0v.66A7 7 0 0 0 5 11v5l-2 2v1h18v-1l-2-2Z"
        />
      </svg>
      {badge && (
        <span className="notif-bell__badge" aria-hidden="true" data-testid="notif-count">
          {badge}
        </span>
      )}
    </a>
  );
}
