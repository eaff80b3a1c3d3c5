import { defineFakeApi, notLogin, ok, userOf } from '../../core/plugin-api/fake-api';

/** Invented unread-count endpoint (the plugin's `unreadCountPath` default; not in the spec). */
export const UNREAD_PATH = '/api/web/v1/notice/unread_count';

/** Unread notifications: 3 for a logged-in user, not-login for visitors; personas with none and with many. */
export default defineFakeApi({
  name: 'notifications',
  routes: {
    [`GET ${UNREAD_PATH}`]: (req) => (userOf(req) ? ok({ count: 3 }) : notLogin()),
  },
  scenarios: [
    {
      name: 'notifications-none',
      description: 'Logged-in user with no unread notification (a bell without a badge).',
      responses: { [UNREAD_PATH]: (req) => (userOf(req) ? ok({ count: 0 }) : notLogin()) },
    },
    {
      name: 'notifications-many',
      description: 'Logged-in user with 120 unread notifications (badge "99+").',
      responses: { [UNREAD_PATH]: (req) => (userOf(req) ? ok({ count: 120 }) : notLogin()) },
    },
  ],
});
