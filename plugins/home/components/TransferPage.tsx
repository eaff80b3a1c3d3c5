import { useMemo, useState } from 'react';
import { langPrefixFor, useObservable, usePlugin, usePluginT, useShell, useShellData } from '../../../core/plugin-api';
import { AccountLayout, AmountInput } from '../../../kit';
import { microAppProps } from '../services/micro-app';
import type { HomeOptions } from '../types';
import { MicroApp } from './MicroApp';
import { useBodyTheme } from './useBodyTheme';
import '../home.css';

/** /myaccount/transfer: an amount field and the funds-transfer and master/sub-account transfer apps. */
export function TransferPage() {
  const { t } = usePluginT();
  const { env } = useShell();
  const { options } = usePlugin<HomeOptions>();
  const { user, compliance } = useShellData();
  const locale = useObservable(env.state.locale$, env.locale);
  const theme = useBodyTheme();
  const [amount, setAmount] = useState('');
  // Spec 001 §2: the micro-apps get the locale's own prefix by the site's rule (the US site's is /en-us).
  const langPrefix = langPrefixFor(env.region, locale.code);
  const props = useMemo(
    () =>
      microAppProps({
        localeCode: locale.code,
        langPrefix,
        theme,
        limit: compliance.limit,
        subWebsiteId: env.region.id,
        extra: amount ? { amount, currency: 'USDT' } : undefined,
      }),
    [locale.code, langPrefix, theme, compliance.limit, env.region.id, amount],
  );

  if (!user.isLogin) {
    return (
      <div className="home-page">
        <h1>{t('transfer.title')}</h1>
        <p>{t('transfer.loginFirst')}</p>
        <a className="shell-btn shell-btn--primary" href={env.href('/login')}>
          {t('transfer.login')}
        </a>
      </div>
    );
  }
  return (
    <AccountLayout>
      <div className="home-page home-transfer">
        <h1>{t('transfer.title')}</h1>
        <form className="home-transfer__amount" onSubmit={(e) => e.preventDefault()}>
          <AmountInput label={t('transfer.amount')} unit="USDT" value={amount} onChange={setAmount} placeholder="0.00" aria-describedby="home-transfer-hint" />
          <p id="home-transfer-hint" className="home-muted">
            {t('transfer.amountHint')}
          </p>
        </form>
        <section aria-labelledby="home-transfer-funds">
          <h2 id="home-transfer-funds">{t('transfer.funds')}</h2>
          <MicroApp
            name="funds-transfer"
            entry={options.microApps.fundsTransfer}
            title={t('transfer.funds')}
            props={props}
            allowedHosts={env.region.allowedLinkHosts}
          />
        </section>
        {user.is_sub !== 1 && (
          <section aria-labelledby="home-transfer-sub">
            <h2 id="home-transfer-sub">{t('transfer.sub')}</h2>
            <MicroApp
              name="sub-account-transfer"
              entry={options.microApps.subAccountTransfer}
              title={t('transfer.sub')}
              props={props}
              allowedHosts={env.region.allowedLinkHosts}
            />
          </section>
        )}
      </div>
    </AccountLayout>
  );
}
