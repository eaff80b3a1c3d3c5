import { useNamespaceT, useShell, useShellData } from '../../core/react/context';
import { localePath } from '../../core/router/paths';
import { activeVipTrial, trialEndDate } from './vip-trial';

/** The user menu's VIP trial line (spec 000 §3, §6): tier and end date, linking to the VIP page; nothing without a trial. */
export function VipTrialItem() {
  const { t } = useNamespaceT('header');
  const { env } = useShell();
  const trial = activeVipTrial(useShellData().vipTier, Date.now());
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
