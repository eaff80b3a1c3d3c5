import { Suspense, useState } from 'react';
import { lazyView } from '../../core/react/lazy-page';
import { useNamespaceT, useShell, useShellData } from '../../core/react/context';
import { localePath } from '../../core/router/paths';

/** The account figures: their own chunk, loaded (and their calls made) when the menu first opens. */
const AccountSummary = lazyView(() => import('./AccountSummary').then((m) => m.AccountSummary));

/** A logged-in user's menu: account figures (once opened), assets, security, log out. Closed on arrival. */
export function UserMenu() {
  const { t } = useNamespaceT('header');
  const { env } = useShell();
  const { langPrefix } = env;
  const user = useShellData().user;
  const [opened, setOpened] = useState(false);
  const logout = async () => {
    await env.http.post('/api/web/v1/usercenter/logout');
    window.location.assign(localePath(langPrefix, '/'));
  };
  return (
    <details className="shell-user" onToggle={(e) => e.currentTarget.open && setOpened(true)}>
      <summary>
        <span className="shell-user__avatar" aria-hidden="true">
          {user.nickname.slice(0, 1).toUpperCase()}
        </span>
        <span className="shell-user__name" data-testid="nickname">
          {user.nickname}
        </span>
      </summary>
      <ul className="shell-menu" role="list">
        {opened && (
          <li className="shell-user__figures">
            <Suspense fallback={null}>
              <AccountSummary />
            </Suspense>
          </li>
        )}
        <li>
          <a href={localePath(langPrefix, '/myaccount/deposit/USDT')}>{t('account.assets')}</a>
        </li>
        <li>
          <a href={localePath(langPrefix, '/myaccount/security')}>{t('account.security')}</a>
        </li>
        <li>
          <button type="button" onClick={logout}>
            {t('account.logout')}
          </button>
        </li>
      </ul>
    </details>
  );
}
