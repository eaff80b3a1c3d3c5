import { definePlugin, derived, loader } from '../../core/plugin-api';
import schema from './schema.json';
import { unreadCountOf, type NotificationsOptions } from './options';
import { NotificationBell } from './NotificationBell';
import { UNREAD_LOADER } from './refs';

export { unreadCountOf, badgeText } from './options';

export { UNREAD_LOADER } from './refs';

/**
 * The header's notification entry (spec 000 §3, §6 site switch `hiddenNotification`): for logged-in users, a bell
 * linking to the notifications page with the unread count loaded on the server. Nothing where the option hides it.
 */
export default definePlugin<NotificationsOptions>({
  id: 'notifications',
  options: schema,
  delivery: {
    /** The bell is for logged-in users (a login reloads the page). */
    inBrowser: (env) => env.state.data.user.isLogin,
  },
  loaders: ({ hiddenNotification, unreadCountPath: path }) =>
    hiddenNotification || !path
      ? []
      : [
          loader({
            key: UNREAD_LOADER,
            perUser: true,
            when: ({ env }) => env.state.data.user.isLogin,
            run: async ({ env }) => unreadCountOf(await env.http.get(path).catch(() => undefined)),
          }),
        ],
  slotEntries: ({ hiddenNotification }) =>
    hiddenNotification
      ? []
      : [{ slot: 'header-actions', key: 'bell', priority: 50, active: (env) => derived([env.state.user$], (u) => u.isLogin), render: NotificationBell }],
});
