import { useRef, useState } from 'react';
import { localePath, useLoaderData, usePlugin, usePluginT, useShell, useShellData, type RouteProps } from '../../core/plugin-api';
import { toast, copyText, AccountLayout, CoinIcon } from '../../kit';
// Not from the barrel: the QR encoder then comes with this page's chunk, not with the core every page loads.
import { QrCode } from '../../kit/ui/QrCode';
import { fetchAddress } from './address';
import { isValidCurrency, minDepositText, networkOf, networksOf, type DepositAddress } from './networks';
import { DepositMethodPicker } from './DepositMethodPicker';
import type { DrawerOptions } from './options';
import './drawer.css';
import { ADDRESS_LOADER } from './refs';

/** Links to the deposit page of each offered currency, the current one marked. */
function CurrencyNav({ currencies, currency, label, hrefOf }: { currencies: string[]; currency: string; label: string; hrefOf: (c: string) => string }) {
  return (
    <nav aria-label={label}>
      <ul className="deposit-page__currencies">
        {currencies.map((c) => (
          <li key={c}>
            <a
              className={`shell-btn${c === currency ? ' shell-btn--primary' : ' shell-btn--ghost'}`}
              href={hrefOf(c)}
              aria-current={c === currency ? 'page' : undefined}
            >
              <CoinIcon symbol={c} size={20} decorative />
              {c}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** The deposit address with its QR code and a copy button; a note while it loads or when there is none. */
function AddressPanel(props: { address: DepositAddress | null | 'loading'; currency: string; networkName: string; onCopy: (text: string) => void }) {
  const { address, currency, networkName, onCopy } = props;
  const { t } = usePluginT();
  return (
    <div className="deposit-page__address" aria-live="polite" aria-busy={address === 'loading'}>
      {address === 'loading' ? (
        <p>{t('page.loading')}</p>
      ) : address ? (
        <>
          <div className="deposit-page__qr">
            <QrCode value={address.address} size={140} label={t('page.qr', { currency, network: networkName })} />
          </div>
          <div className="deposit-page__addr-text">
            <span>{t('page.address', { currency })}</span>
            <code data-testid="deposit-address">{address.address}</code>
            <button type="button" className="shell-btn shell-btn--ghost" onClick={() => onCopy(address.address)}>
              {t('page.copy')}
            </button>
          </div>
        </>
      ) : (
        <p role="alert">{t('page.unavailable')}</p>
      )}
    </div>
  );
}

/** /myaccount/deposit/:currency: currency, network, the deposit address with copy and QR, and the method picker. */
export function DepositPage({ params }: RouteProps) {
  const { t } = usePluginT();
  const { env, activation } = useShell();
  const { options } = usePlugin<DrawerOptions>();
  const { user } = useShellData();
  const currency = (params.currency ?? 'USDT').toUpperCase();
  const initial = useLoaderData(ADDRESS_LOADER) ?? null;
  const [chain, setChain] = useState(initial?.chain ?? networksOf(currency)[0].id);
  const [address, setAddress] = useState<DepositAddress | null | 'loading'>(initial);
  const request = useRef(0);

  if (!isValidCurrency(currency)) {
    return (
      <div className="deposit-page">
        <h1>{t('page.invalid')}</h1>
      </div>
    );
  }
  const currencies = options.currencies.includes(currency) ? options.currencies : [currency, ...options.currencies];
  const network = networkOf(currency, chain);

  const changeChain = async (next: string) => {
    setChain(next);
    setAddress('loading');
    const id = ++request.current;
    const reply = await fetchAddress(env.http, currency, next);
    if (id === request.current) setAddress(reply);
  };
  const copy = async (text: string) => {
    if (await copyText(text)) toast.success(env.bus, t('page.copied'));
    else toast.error(env.bus, t('page.copyFailed'));
  };
  const logIn = () => (activation.active.includes('auth') ? env.bus.emit('auth:open', { mode: 'login' }) : window.location.assign(env.href('/login')));

  return (
    <AccountLayout>
      <div className="deposit-page">
        <h1>
          <CoinIcon symbol={currency} size={32} decorative className="deposit-page__coin" />
          {t('page.title', { currency })}
        </h1>
        <div className="deposit-page__form">
          <CurrencyNav
            currencies={currencies}
            currency={currency}
            label={t('page.currency')}
            hrefOf={(c) => localePath(env.langPrefix, `/myaccount/deposit/${c}`)}
          />
          <label className="deposit-page__field">
            {t('page.network')}
            <select value={network.id} onChange={(e) => void changeChain(e.target.value)}>
              {networksOf(currency).map((n) => (
                <option key={n.id} value={n.id}>
                  {n.name}
                </option>
              ))}
            </select>
          </label>
          {!user.isLogin ? (
            <div className="deposit-page__login">
              <p>{t('page.loginToSee')}</p>
              <button type="button" className="shell-btn shell-btn--primary" onClick={logIn}>
                {t('page.login')}
              </button>
            </div>
          ) : (
            <AddressPanel address={address} currency={currency} networkName={network.name} onCopy={(text) => void copy(text)} />
          )}
          <ul className="deposit-page__notes">
            <li>{t('page.noteMin', { amount: minDepositText(address === 'loading' ? null : address, network), currency })}</li>
            <li>{t('page.noteConfirmations', { count: network.confirmations })}</li>
            <li>{t('page.noteNetwork', { currency, network: network.name })}</li>
          </ul>
        </div>
        <aside className="deposit-page__aside" aria-labelledby="deposit-other-ways">
          <h2 id="deposit-other-ways">{t('picker.title')}</h2>
          <DepositMethodPicker currency={currency} current="onchain" />
        </aside>
      </div>
    </AccountLayout>
  );
}
