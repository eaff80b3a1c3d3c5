import { ACCOUNT_DEFAULTS } from '../../core/data/account';
import { useNamespaceT, useObservable, useShell } from '../../core/react/context';
import { localePath } from '../../core/router/paths';
import { activeVipTrial, trialEndDate } from './vip-trial';

/**
 * The user menu's VIP trial line (spec 000 §3, §6): tier and end date, linking to the VIP page; nothing without a
 * trial. The menu is closed on arrival, so the tier is asked for in the browser once the page is live (an account
 * figure: core/data/account.ts), not by the server render.
 */
export function VipTrialItem() {
  const { t } = useNamespaceT('header');
  const { env } = useShell();
  const trial = activeVipTrial(useObservable(env.state.account$('vipTier'), ACCOUNT_DEFAULTS.vipTier), Date.now());
  if (!trial) return null;
  return (
    <li>
      <a className="shell-user__vip" href={localePath(env.langPrefix, '/vip')} data-testid="vip-trial">
        <span className="shell-user__vip-badge">{t('account.vipTrial', { tier: trial.tier })}</span>
        <span className="shell-user__vip-until">{t('account.vipTrialUntil', { date: trialEndDate(trial.endsAt, env.locale.html) })}</span>
      </a>
    </li>
  );
}
