import { usePlugin, usePluginT, useShell, useShellData } from '../../core/plugin-api';
import { Dialog } from '../../kit';
import type { DrawerOptions } from './options';
import { chosenFiat, depositMethods, type DepositLink } from './entries';
import { MethodIcon } from './MethodIcon';
import './drawer.css';

export interface DepositMethodPickerProps {
  /** Spec 001 §2: default USDT. */
  currency?: string;
  /** Fiat of the P2P, card and bank links; default the visitor's chosen fiat (`chosenFiat`: the curr_fiat cookie). */
  fiat?: string;
  /** The method of the page it sits on (marked aria-current). */
  current?: DepositLink['key'];
  /** Accessible name of the list. */
  label?: string;
}

/**
 * The deposit-method picker (spec 001 §2, §6): on-chain and gate-code deposit, plus P2P, card and bank where the region
 * offers them (option `otherWays`) for users who are not UK-limited and have no fiat_trade menu code. Uses the drawer's translations.
 */
export function DepositMethodPicker({ currency = 'USDT', fiat, current, label }: DepositMethodPickerProps) {
  const { t } = usePluginT('drawer');
  const { env } = useShell();
  const { options } = usePlugin<DrawerOptions>();
  const { site, compliance } = useShellData();
  const methods = depositMethods({
    langPrefix: env.langPrefix,
    currency,
    fiat: fiat || chosenFiat(env.cookies.get('curr_fiat'), site),
    otherWays: options.otherWays,
    isUkLimit: !!compliance.limit.is_uk_limit,
    menu: compliance.menu,
  });
  return (
    <ul className="deposit-picker" aria-label={label ?? t('picker.title')} data-testid="deposit-picker">
      {methods.map((m) => (
        <li key={m.key}>
          <a className="drawer__entry" href={m.href} aria-current={m.key === current ? 'page' : undefined}>
            <MethodIcon kind={m.key} coin={currency} />
            <span className="drawer__entry-text">
              <strong>{t(`methods.${m.key}.title`)}</strong>
              <small>{t(`methods.${m.key}.description`)}</small>
            </span>
          </a>
        </li>
      ))}
    </ul>
  );
}

/** The picker in a dialog (spec 001 §2 "Modals: deposit picker"). */
export function DepositPickerDialog({ onClose, ...props }: DepositMethodPickerProps & { onClose: () => void }) {
  const { t } = usePluginT('drawer');
  return (
    <Dialog title={t('picker.title')} onClose={onClose} closeLabel={t('close')} closeOnBackdrop>
      <DepositMethodPicker {...props} />
    </Dialog>
  );
}
