import { type MouseEvent, type ReactNode } from 'react';
import { localePath, useLoaderData, useObservable, usePlugin, usePluginT, useService, useShell, useShellData } from '../../../core/plugin-api';
import { AccountLayout } from '../../../kit';
import { FUND_PASSWORD } from '../services/flow';
import { DEFAULT_FREQUENCY, FREQUENCY_KEY, toFrequency } from '../services/frequency';
import './security.css';
import { FREQUENCY_LOADER } from '../refs';
import type { FundPasswordOptions } from '../options.generated';

/** One setting: name and description, its current state, its controls. */
function Row({ id, title, desc, state, children }: { id: string; title: string; desc: string; state?: ReactNode; children: ReactNode }) {
  return (
    <li className="fp-row" aria-labelledby={id}>
      <div className="fp-row__text">
        <h2 id={id} className="fp-row__title">
          {title}
        </h2>
        <p className="fp-row__desc">{desc}</p>
        {state}
      </div>
      <div className="fp-row__actions">{children}</div>
    </li>
  );
}

/** /myaccount/security: authenticator, login password and fund password (with its validity period). */
export function SecurityPage() {
  const { t } = usePluginT();
  const { env } = useShell();
  const { options } = usePlugin<FundPasswordOptions>();
  const { user } = useShellData();
  const flow = useService(FUND_PASSWORD);
  const loaded = toFrequency(useLoaderData(FREQUENCY_LOADER));
  const frequency = useObservable(flow.frequency$, null) ?? loaded ?? DEFAULT_FREQUENCY;
  const p = (path: string) => localePath(env.langPrefix, path);

  if (!user.isLogin) {
    const login = (e: MouseEvent) => {
      if (!env.bus.all.get('auth:open')?.length) return;
      e.preventDefault();
      env.bus.emit('auth:open', { mode: 'login' });
    };
    return (
      <section className="fp-security" aria-labelledby="fp-title">
        <h1 id="fp-title">{t('security.title')}</h1>
        <p className="fp-security__lead">{t('security.loginFirst')}</p>
        <a className="shell-btn shell-btn--primary" href={p(`/login?redirect=${encodeURIComponent(p('/myaccount/security'))}`)} onClick={login}>
          {t('security.login')}
        </a>
      </section>
    );
  }

  return (
    <AccountLayout>
      <section className="fp-security" aria-labelledby="fp-title">
        <h1 id="fp-title">{t('security.title')}</h1>
        <p className="fp-security__lead">{t('security.lead')}</p>
        <ul className="fp-rows">
          <Row id="fp-2fa" title={t('security.totp.title')} desc={t('security.totp.desc')}>
            <a className="shell-btn shell-btn--ghost" href={p('/myaccount/totp')}>
              {t('security.manage')}
            </a>
          </Row>
          <Row id="fp-login" title={t('security.login_password.title')} desc={t('security.login_password.desc')}>
            <a className="shell-btn shell-btn--ghost" href={p(options.loginPasswordPath)}>
              {t('security.change')}
            </a>
          </Row>
          <Row
            id="fp-fund"
            title={t('security.fund.title')}
            desc={t('security.fund.desc')}
            state={
              <p className="fp-row__state">
                {t('validity.label')}: <strong data-testid="fp-validity">{t(`validity.${FREQUENCY_KEY[frequency]}`)}</strong>
              </p>
            }
          >
            <a className="shell-btn shell-btn--ghost" href={p('/myaccount/fundpass_setup')}>
              {t('security.change')}
            </a>
            <button type="button" className="shell-btn shell-btn--primary" aria-haspopup="dialog" onClick={() => void flow.request()}>
              {t('validity.label')}
            </button>
          </Row>
        </ul>
      </section>
    </AccountLayout>
  );
}
