import { useId, useState, type ReactNode } from 'react';
import { ACCOUNT_DEFAULTS, type AccountFigure } from '../../core/data/account';
import { useNamespaceT, useObservable, useShell, useShellData } from '../../core/react/context';
import { localePath } from '../../core/router/paths';
import { balanceHidden, balanceText, HIDDEN_FIGURE, kycStatusText, kycView, localNumber, rememberBalanceHidden, vipTierText } from './account-figures';
import { VipTrialItem } from './VipTrialItem';
import './account-summary.css';

const PENDING_FUNDS: AccountFigure<typeof ACCOUNT_DEFAULTS.funds> = { status: 'pending', value: ACCOUNT_DEFAULTS.funds };
const PENDING_TIER: AccountFigure<number | null> = { status: 'pending', value: null };
const PENDING_KYC_STATUS: AccountFigure<number> = { status: 'pending', value: ACCOUNT_DEFAULTS.kycStatus };
/** Where "Verify now" leads (the KYC plugin's verification centre). */
const KYC_HOME = '/myaccount/kyc_home';

/** A figure's text, or a dash while it is asked for (busy) or when it could not be had (never a default as a number). */
function Figure({ text, pending, testId, className }: { text: ReactNode | null; pending: boolean; testId: string; className?: string }) {
  const { t } = useNamespaceT('header');
  if (text !== null) {
    return (
      <span className={className} data-testid={testId} data-state="ready">
        {text}
      </span>
    );
  }
  return (
    <span className={className} data-testid={testId} data-state={pending ? 'pending' : 'unavailable'} aria-busy={pending || undefined}>
      <span aria-hidden="true">—</span>
      <span className="shell-acct__sr">{t(pending ? 'account.loading' : 'account.unavailable')}</span>
    </span>
  );
}

function EyeIcon({ closed }: { closed: boolean }) {
  return (
    <svg width="16" height="16" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path d="M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12z" fill="none" stroke="currentColor" strokeWidth="2" />
      <circle cx="12" cy="12" r="3" fill="none" stroke="currentColor" strokeWidth="2" />
      {closed && <path d="M4 4l16 16" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />}
    </svg>
  );
}

/** The estimated total balance (`total_usd`, with BTC), hideable; the choice is remembered in this browser. */
function Balance() {
  const { t } = useNamespaceT('header');
  const { env } = useShell();
  const funds = useObservable(env.state.accountFigure$('funds'), PENDING_FUNDS);
  const [hidden, setHidden] = useState(balanceHidden);
  const labelId = useId();
  const text = funds.status === 'ready' ? balanceText(funds.value, env.locale.html) : null;
  const toggle = () => {
    rememberBalanceHidden(!hidden);
    setHidden(!hidden);
  };
  const pending = funds.status === 'pending';
  return (
    <div className="shell-acct__balance" role="group" aria-labelledby={labelId}>
      <div className="shell-acct__row">
        <span id={labelId} className="shell-acct__label">
          {t('account.balance')}
        </span>
        <button type="button" className="shell-acct__eye" aria-pressed={hidden} aria-label={t('account.hideBalance')} onClick={toggle}>
          <EyeIcon closed={hidden} />
        </button>
      </div>
      {hidden ? (
        <span className="shell-acct__usd" data-testid="balance-usd" data-state="hidden">
          <span aria-hidden="true">{HIDDEN_FIGURE}</span>
          <span className="shell-acct__sr">{t('account.balanceHidden')}</span>
        </span>
      ) : (
        <>
          <Figure className="shell-acct__usd" testId="balance-usd" pending={pending} text={text?.usd ?? null} />
          {text && (
            <span className="shell-acct__btc" data-testid="balance-btc">
              {text.btc}
            </span>
          )}
        </>
      )}
    </div>
  );
}

/**
 * The KYC level from the user info, with the status of the latest application (get_kyc_status) beside it when it is
 * under review or not approved, and "Verify now" below level 2 ("Verify again" after a rejection, nothing while under
 * review). A status call that fails or answers malformed shows the level alone.
 */
function KycLine() {
  const { t } = useNamespaceT('header');
  const { env } = useShell();
  const kyc = kycView(useShellData().user);
  const note = kycStatusText(useObservable(env.state.accountFigure$('kycStatus'), PENDING_KYC_STATUS));
  const level =
    kyc.kind === 'unknown'
      ? null
      : kyc.company
        ? t('account.kycCompany')
        : kyc.level
          ? t('account.kycLevel', { level: localNumber(env.locale.html).format(Number(kyc.level)) })
          : t('account.kycNone');
  return (
    <div className="shell-acct__row">
      <dt>{t('account.identity')}</dt>
      <dd>
        <Figure testId="kyc-level" pending={false} text={level} />
        {note && (
          <span className={`shell-acct__status shell-acct__status--${note}`} data-testid="kyc-status" data-status={note}>
            {t(note === 'pending' ? 'account.kycPending' : 'account.kycRejected')}
          </span>
        )}
        {(note === 'rejected' || (note === null && kyc.kind === 'level' && kyc.incomplete)) && (
          <a className="shell-acct__verify" href={localePath(env.langPrefix, KYC_HOME)} data-testid="kyc-verify">
            {t(note === 'rejected' ? 'account.verifyAgain' : 'account.verifyNow')}
          </a>
        )}
      </dd>
    </div>
  );
}

/** The VIP tier (get_user_tier), linking to the VIP page. */
function VipTierLine() {
  const { t } = useNamespaceT('header');
  const { env } = useShell();
  const figure = useObservable(env.state.accountFigure$('tier'), PENDING_TIER);
  const tier = vipTierText(figure);
  return (
    <div className="shell-acct__row">
      <dt>{t('account.vipTier')}</dt>
      <dd>
        <Figure
          testId="vip-tier"
          pending={figure.status === 'pending'}
          text={
            tier === null ? null : (
              <a className="shell-acct__vip" href={localePath(env.langPrefix, '/vip')}>
                {t('account.vipLevel', { tier })}
              </a>
            )
          }
        />
      </dd>
    </div>
  );
}

/**
 * The account figures a customer expects in the user menu (spec 000 §3, §7): estimated balance, KYC level, VIP tier
 * and a running VIP trial. Mounted when the menu first opens, so each figure is asked for then, never by the server.
 */
export function AccountSummary() {
  return (
    <div className="shell-acct" data-testid="account-summary">
      <Balance />
      <dl className="shell-acct__list">
        <KycLine />
        <VipTierLine />
      </dl>
      <ul className="shell-acct__trial" role="list">
        <VipTrialItem />
      </ul>
    </div>
  );
}
