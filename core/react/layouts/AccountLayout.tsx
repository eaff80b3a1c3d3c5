import type { ReactNode } from 'react';
import { useNamespaceT, useObservable, useShell } from '../context';
import { localePath } from '../../router/paths';
import { SideMenuLayout } from './SideMenuLayout';
import { MenuIcon } from './MenuIcon';

/** The account area's menu: each entry's page (owned by some plugin) and the path prefix that marks it current. */
export const ACCOUNT_MENU = [
  { key: 'deposit', path: '/myaccount/deposit/USDT', match: '/myaccount/deposit' },
  { key: 'transfer', path: '/myaccount/transfer', match: '/myaccount/transfer' },
  { key: 'security', path: '/myaccount/security', match: '/myaccount/security' },
  { key: 'subAccount', path: '/myaccount/sub-account', match: '/myaccount/sub-account' },
  { key: 'tickets', path: '/myaccount/tickets', match: '/myaccount/tickets' },
] as const;

/** Stroke icons (24 × 24) of the account menu entries. */
const ICONS: Record<(typeof ACCOUNT_MENU)[number]['key'], string> = {
  deposit: 'M12 4v12m0 0-5-5m5 5 5-5M5 20h14',
  transfer: 'M4 8h13l-4-4M20 16H7l4 4',
  security: 'M12 3 5 6v6c0 4.2 3 7.6 7 9 4-1.4 7-4.8 7-9V6l-7-3Z',
  subAccount: 'M9 11a3 3 0 1 0 0-6 3 3 0 0 0 0 6Zm-6 9c0-3.3 2.7-5 6-5s6 1.7 6 5m1-9a3 3 0 1 0 0-6m2 15c0-2.2-1-3.8-2.6-4.6',
  tickets: 'M4 6h16v4a2 2 0 0 0 0 4v4H4v-4a2 2 0 0 0 0-4V6Z',
};

/** An account page: the 'account' side-menu layout (spec 001 §2) around the page's content. */
export function AccountLayout({ children }: { children: ReactNode }) {
  const { t } = useNamespaceT('shell');
  const { env } = useShell();
  const { path } = useObservable(env.state.route$, env.state.route$.value);
  const items = ACCOUNT_MENU.map((m) => ({
    key: m.key,
    label: t(`layout.account.${m.key}`),
    href: localePath(env.langPrefix, m.path),
    icon: <MenuIcon d={ICONS[m.key]} />,
    active: path === m.match || path.startsWith(`${m.match}/`),
  }));
  return (
    <SideMenuLayout variant="account" items={items} label={t('layout.account.label')}>
      {children}
    </SideMenuLayout>
  );
}
