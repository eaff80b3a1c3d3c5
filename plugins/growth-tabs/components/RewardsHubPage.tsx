import { useLoaderData, usePluginT, useShell, useShellData } from '../../../core/plugin-api';
import { formatAmount } from '../services/format';
import { GrowthLayout } from './GrowthTabs';
import { itemHref } from './links';
import { REWARDS_LOADER } from '../refs';

/** /rewards_hub: the tab bar and the reward tasks (server-loaded). */
export function RewardsHubPage() {
  const { t } = usePluginT();
  const { env } = useShell();
  const { user } = useShellData();
  const rewards = useLoaderData(REWARDS_LOADER);
  const hosts = env.region.allowedLinkHosts ?? [];
  return (
    <GrowthLayout current="rewards_hub" title={t('rewards.title')} lead={t('rewards.lead')}>
      {!user.isLogin && (
        <p className="growth-banner">
          {t('rewards.visitor')}{' '}
          <a className="shell-btn shell-btn--primary" href={env.href('/signup')}>
            {t('signup')}
          </a>
        </p>
      )}
      {!rewards ? (
        <p className="growth-empty" role="status">
          {t('loadFailed')}
        </p>
      ) : rewards.length === 0 ? (
        <p className="growth-empty">{t('rewards.empty')}</p>
      ) : (
        <ul className="growth-cards">
          {rewards.map((r) => (
            <li key={r.id} className="growth-card">
              <p className="growth-card__reward">
                <span className="growth-sr-only">{t('rewards.reward')} </span>
                {`+${formatAmount(r.amount, env.locale.html)} ${r.currency}`}
              </p>
              <h2 className="growth-card__title">{r.title}</h2>
              <p className="growth-card__desc">{r.desc}</p>
              <div className="growth-card__foot">
                <span className={`growth-badge growth-badge--${r.status}`}>{t(`rewards.status.${r.status}`, { defaultValue: r.status })}</span>
                {r.status === 'done' ? null : (
                  <a
                    className="shell-btn shell-btn--primary"
                    href={user.isLogin ? itemHref(r.url, env.langPrefix, hosts, '/rewards_hub') : env.href('/signup')}
                  >
                    {t(r.status === 'claimable' ? 'rewards.claim' : 'rewards.go')}
                    <span className="growth-sr-only">: {r.title}</span>
                  </a>
                )}
              </div>
            </li>
          ))}
        </ul>
      )}
    </GrowthLayout>
  );
}
