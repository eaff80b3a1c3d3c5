import { useEffect, useState } from 'react';
import { localePath, useObservable, usePlugin, usePluginT, useShell } from '../../../core/plugin-api';
import { toast, AccountLayout } from '../../../kit';
import { isValidSubUid, lookupSubAccount, subAccountKindKey, type SubAccountOutcome } from '../services/sub-account';
import { navigation } from '../services/navigate';
import type { HomeOptions } from '../types';
import '../home.css';

/**
 * /myaccount/sub-account?sub_uid=: looks the sub-account up after hydration. A non-zero code (or a malformed
 * sub_uid) shows a warning toast with the server message, then goes home after the configured delay (2 s).
 */
export function SubAccountPage() {
  const { t } = usePluginT();
  const { env } = useShell();
  const { options } = usePlugin<HomeOptions>();
  const route = useObservable(env.state.route$, env.state.route$.value);
  const hydrated = useObservable(env.state.hydrated$, false);
  const subUid = route.query.sub_uid ?? '';
  const [outcome, setOutcome] = useState<SubAccountOutcome | null>(null);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (!hydrated) return;
    let alive = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    setOutcome(null);
    const run = async () => {
      const result: SubAccountOutcome = isValidSubUid(subUid)
        ? await lookupSubAccount(env.http, options.subAccount.infoPath, subUid)
        : { kind: 'warn', message: '' };
      if (!alive) return;
      setOutcome(result);
      if (result.kind === 'warn') {
        toast.warning(env.bus, result.message || t('subAccount.invalid'));
        timer = setTimeout(() => navigation.assign(localePath(env.langPrefix, '/')), options.subAccount.redirectDelayMs);
      }
    };
    void run();
    return () => {
      alive = false;
      clearTimeout(timer);
    };
  }, [hydrated, subUid, attempt, env, options.subAccount.infoPath, options.subAccount.redirectDelayMs, t]);

  return (
    <AccountLayout>
      <div className="home-page">
        <h1>{t('subAccount.title')}</h1>
        {!outcome && (
          <p role="status" className="home-muted">
            {t('subAccount.loading')}
          </p>
        )}
        {outcome?.kind === 'warn' && (
          <p role="status" className="home-muted">
            {t('subAccount.redirecting')}
          </p>
        )}
        {outcome?.kind === 'error' && (
          <div role="alert" className="home-error">
            <p>{t('subAccount.error')}</p>
            <button type="button" className="shell-btn shell-btn--ghost" onClick={() => setAttempt((n) => n + 1)}>
              {t('subAccount.retry')}
            </button>
          </div>
        )}
        {outcome?.kind === 'ok' && (
          <dl className="home-info">
            <div>
              <dt>{t('subAccount.uid')}</dt>
              <dd>{outcome.info.sub_uid}</dd>
            </div>
            <div>
              <dt>{t('subAccount.nickname')}</dt>
              <dd>{outcome.info.nickname || '—'}</dd>
            </div>
            <div>
              <dt>{t('subAccount.kindLabel')}</dt>
              <dd>{t(subAccountKindKey(outcome.info))}</dd>
            </div>
            <div>
              <dt>{t('subAccount.state')}</dt>
              <dd>{outcome.info.state === 'frozen' ? t('subAccount.frozen') : t('subAccount.active')}</dd>
            </div>
          </dl>
        )}
        <p>
          <a href={localePath(env.langPrefix, '/myaccount/transfer')}>{t('subAccount.toTransfer')}</a>
        </p>
      </div>
    </AccountLayout>
  );
}
