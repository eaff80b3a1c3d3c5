import { definePlugin, lazyPage } from '../../core';
import schema from './schema.json';
import { fetchFrequency } from './services/api';

export const SECURITY_PATH = '/myaccount/security';

const SecurityPage = lazyPage(() => import('./components/SecurityPage').then((m) => m.SecurityPage));

/** The /myaccount/security page and its fund-password validity modals (spec 001 fund-password modal). */
export default definePlugin<{ securityPage: boolean; loginPasswordPath: string }>({
  id: 'fund-password',
  options: schema,
  setup(ctx) {
    if (!ctx.options.securityPage) return;
    ctx.route({ path: SECURITY_PATH, component: SecurityPage, titleKey: 'security.title' });
    ctx.loader({ key: 'frequency', when: ({ path, data }) => path === SECURITY_PATH && data.user.isLogin, run: ({ env }) => fetchFrequency(env.http) });
  },
});
