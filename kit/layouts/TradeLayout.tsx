import type { ReactNode } from 'react';
import { useNamespaceT } from '../../core/plugin-api';
import { SideMenuLayout } from './SideMenuLayout';
import { useMenuItems } from './menu-items';

/**
 * A trade-side page: the 'trade' side-menu layout (spec 001 §2, §9: 288/96/256 px, 1248/1024/768) around it. Its
 * entries are the `trade` menu's (spec 001 §2 "Other linked routes"): contributed by plugins, plus the region config's.
 */
export function TradeLayout({ children }: { children: ReactNode }) {
  const { t } = useNamespaceT('shell');
  const items = useMenuItems('trade');
  return (
    <SideMenuLayout variant="trade" items={items} label={t('layout.trade.label')}>
      {children}
    </SideMenuLayout>
  );
}
