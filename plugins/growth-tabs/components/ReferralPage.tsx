import { localePath, useLoaderData, usePlugin, usePluginT, useShell, useShellData } from '../../../core/plugin-api';
import { formatAmount } from '../services/format';
import type { GrowthOptions } from '../services/tabs';
import { CopyField } from './CopyField';
import { GrowthLayout } from './GrowthTabs';
import { REBATE_LOADER, REFERRAL_LOADER } from '../refs';

/** The invite link for a code: the site's sign-up page (its URL path in the current locale) with ref and ref_type. */
function inviteLink(origin: string, signupPath: string, code: string, refType: string): string {
  return `${origin}${signupPath}?${new URLSearchParams({ ref: code, ref_type: refType }).toString()}`;
}

/** /referral: the tab bar, the invite code and link with copy buttons, and the referral statistics. */
export function ReferralPage() {
  const { t } = usePluginT();
  const { env } = useShell();
  const { options } = usePlugin<GrowthOptions>();
  const { user } = useShellData();
  const rebate = useLoaderData(REBATE_LOADER);
  const stats = useLoaderData(REFERRAL_LOADER);
  const lang = env.locale.html;
  const p = (path: string) => localePath(env.langPrefix, path);

  let body;
  if (!user.isLogin) {
    body = (
      <div className="growth-banner">
        <p>{t('referral.visitor')}</p>
        <a className="shell-btn shell-btn--primary" href={p(`/login?redirect=${encodeURIComponent(p('/referral'))}`)}>
          {t('login')}
        </a>{' '}
        <a className="shell-btn shell-btn--ghost" href={p('/signup')}>
          {t('signup')}
        </a>
      </div>
    );
  } else if (!rebate?.kol_code) {
    body = (
      <p className="growth-empty" role="status">
        {t('loadFailed')}
      </p>
    );
  } else {
    body = (
      <>
        <div className="growth-invite">
          <CopyField label={t('referral.code')} value={rebate.kol_code} />
          <CopyField
            label={t('referral.link')}
            value={inviteLink(env.regionOrigin(env.region.key), env.href('/signup'), rebate.kol_code, options.referralRefType)}
          />
        </div>
        {stats && (
          <dl className="growth-stats">
            <div>
              <dt>{t('referral.invitees')}</dt>
              <dd>{formatAmount(stats.invitees, lang)}</dd>
            </div>
            <div>
              <dt>{t('referral.rewards')}</dt>
              <dd>{`${formatAmount(stats.rewards, lang)} ${stats.currency}`}</dd>
            </div>
            <div>
              <dt>{t('referral.rate')}</dt>
              <dd>{`${stats.commission_rate}%`}</dd>
            </div>
          </dl>
        )}
        <ol className="growth-steps">
          {(['share', 'signup', 'earn'] as const).map((s) => (
            <li key={s}>
              <strong>{t(`referral.steps.${s}.title`)}</strong>
              <span>{t(`referral.steps.${s}.desc`)}</span>
            </li>
          ))}
        </ol>
      </>
    );
  }
  return (
    <GrowthLayout current="referral" title={t('referral.title')} lead={t('referral.lead')}>
      {body}
    </GrowthLayout>
  );
}
