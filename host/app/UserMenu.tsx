import { useNamespaceT, useShell, useShellData } from '../../core/react/context';
import { localePath } from '../../core/router/paths';
import { VipTrialItem } from './VipTrialItem';

/** A logged-in user's menu: VIP trial, assets, security, log out. */
export function UserMenu() {
  const { t } = useNamespaceT('header');
  const { env } = useShell();
  const { langPrefix } = env;
  const user = useShellData().user;
  const logout = async () => {
    await env.http.post('/api/web/v1/usercenter/logout');
    window.location.assign(localePath(langPrefix, '/'));
  };
  return (
    <details className="shell-user">
      <summary>
        <span className="shell-user__avatar" aria-hidden="true">
          {user.nickname.slice(0, 1).toUpperCase()}
        </span>
        <span className="shell-user__name" data-testid="nickname">
          {user.nickname}
        </span>
      </summary>
      <ul className="shell-menu" role="list">
        <VipTrialItem />
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
