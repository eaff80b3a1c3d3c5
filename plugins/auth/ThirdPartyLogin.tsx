import { useState } from 'react';
import { usePlugin, usePluginT, useShell } from '../../core/plugin-api';
import { walletLogin, walletNonce } from './api';
import { afterLoginTarget, finishLogin } from './finish';
import { failureText } from './messages';
import { randomState, savePending } from './oauth';
import type { AuthOptions } from './options';
import { authorizeUrl, providersFor, type LoginProvider } from './providers';
import { ProviderIcon } from './ProviderIcon';

type Eip1193 = { request(args: { method: string; params?: unknown[] }): Promise<unknown> };

/** The region's third-party login buttons (spec 000 §6); nothing on sites that offer none. */
export function ThirdPartyLogin() {
  const { t } = usePluginT();
  const { env } = useShell();
  const { options } = usePlugin<AuthOptions>();
  const [error, setError] = useState('');
  const [busy, setBusy] = useState<LoginProvider | null>(null);
  const providers = providersFor(options);
  if (providers.length === 0) return null;

  const failed = (err: unknown) => {
    setBusy(null);
    const rejected = (err as { code?: number } | undefined)?.code === 4001;
    setError(rejected ? t('errors.walletRejected') : failureText(t, err as never));
  };

  const metamask = async () => {
    const eth = (window as unknown as { ethereum?: Eip1193 }).ethereum;
    if (!eth?.request) return setError(t('errors.metamaskMissing'));
    setBusy('metamask');
    try {
      const [address] = (await eth.request({ method: 'eth_requestAccounts' })) as string[];
      const nonce = await walletNonce(env.http, address);
      if (nonce?.code !== 0 || !nonce.data) return failed(nonce);
      const signature = (await eth.request({ method: 'personal_sign', params: [nonce.data.message, address] })) as string;
      const reply = await walletLogin(env.http, address, signature);
      if (reply?.code !== 0) return failed(reply);
      finishLogin(env);
    } catch (err) {
      failed(err);
    }
  };

  const start = (provider: LoginProvider) => {
    setError('');
    if (provider === 'metamask') return void metamask();
    const state = randomState();
    savePending({ state, provider, returnTo: afterLoginTarget(env) });
    setBusy(provider);
    window.location.assign(
      authorizeUrl(provider, {
        base: options.authorizeUrls[provider],
        clientId: options.thirdPartyClientIds[provider]!,
        origin: window.location.origin,
        state,
        lang: env.locale.lng,
      }),
    );
  };

  return (
    <div className="auth-3p" data-testid="third-party-login">
      <p className="auth-3p__divider">
        <span>{t('thirdParty.or')}</span>
      </p>
      <ul className="auth-3p__list">
        {providers.map((p) => (
          <li key={p}>
            <button type="button" className="auth-3p__btn" data-provider={p} onClick={() => start(p)} disabled={busy !== null} aria-busy={busy === p}>
              <ProviderIcon provider={p} />
              <span>{t(`thirdParty.${p}`)}</span>
            </button>
          </li>
        ))}
      </ul>
      {error && (
        <p className="auth-form__failure" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
