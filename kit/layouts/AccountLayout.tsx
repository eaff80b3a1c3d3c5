import type { ReactNode } from 'react';
import { useNamespaceT } from '../../core/plugin-api';
import { SideMenuLayout } from './SideMenuLayout';
import { useMenuItems } from './menu-items';

/**
 * An account page: the 'account' side-menu layout (spec 001 §2) around the page's content. Its entries are the
 * `account` menu's: contributed by the plugins that serve the pages, plus the region config's own.
 */
export function AccountLayout({ children }: { children: ReactNode }) {
  const { t } = useNamespaceT('shell');
  const items = useMenuItems('account');
  return (
    <SideMenuLayout variant="account" items={items} label={t('layout.account.label')}>
      {children}
    </SideMenuLayout>
  );
}
