import type { ReactNode } from 'react';
import { useNamespaceT, useObservable, useShell, useShellData } from '../context';
import { localePath } from '../../router/paths';
import { SideMenuLayout } from './SideMenuLayout';
import { MenuIcon } from './MenuIcon';
import { visibleTradeMenu, type TradeMenuEntry } from './trade-menu';

/** Stroke icons (24 × 24) of the trade menu entries. */
const ICONS: Record<TradeMenuEntry['key'], string> = {
  spot: 'M4 19V5m0 14h16M8 15l3-4 3 2 5-7',
  futures: 'M12 3v18M5 8h14M7 8l-3 7a3 3 0 0 0 6 0L7 8Zm10 0-3 7a3 3 0 0 0 6 0l-3-7Z',
  alpha: 'M12 3l2.6 5.6 6.1.7-4.5 4.2 1.2 6L12 16.6 6.6 19.5l1.2-6-4.5-4.2 6.1-.7L12 3Z',
  preMarket: 'M12 7v5l3 2M21 12a9 9 0 1 1-18 0 9 9 0 0 1 18 0Z',
  copyTrading: 'M9 9h10v10H9zM5 15V5h10',
  bots: 'M8 9h8v8H8zM12 5v4M5 13h3M16 13h3M10 13h.01M14 13h.01',
};

/** A trade-side page: the 'trade' side-menu layout (spec 001 §2, §9: 288/96/256 px, 1248/1024/768) around it. */
export function TradeLayout({ children }: { children: ReactNode }) {
  const { t } = useNamespaceT('shell');
  const { env } = useShell();
  const { compliance } = useShellData();
  const { path } = useObservable(env.state.route$, env.state.route$.value);
  const items = visibleTradeMenu(compliance.menu).map((m) => ({
    key: m.key,
    label: t(`layout.trade.${m.key}`),
    href: localePath(env.langPrefix, m.path),
    icon: <MenuIcon d={ICONS[m.key]} />,
    active: path === m.match || path.startsWith(`${m.match}/`),
  }));
  return (
    <SideMenuLayout variant="trade" items={items} label={t('layout.trade.label')}>
      {children}
    </SideMenuLayout>
  );
}
