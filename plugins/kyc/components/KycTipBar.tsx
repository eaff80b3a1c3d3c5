import { localePath, useLoaderData, usePlugin, usePluginT, useShell, type SlotItemProps } from '../../../core/plugin-api';
import { KYC_PATHS, helpArticle, type KycOptions } from '../services/rules';
import { CloseIcon, QuestionIcon, ShieldIcon } from './icons';
import './kyc-tip-bar.css';
import { TIPS_LOADER } from '../refs';

/** Tip types with a translated text; others show the server's content. */
const KNOWN_TYPES = ['kyc_upgrade'];

/**
 * Spec 001 §2 KYC tip bar: sticky, scrolling text, a Verify now button, a help icon and a close icon.
 * Server-rendered from the `tips` loader; closing sets the complete cookie so the server hides it too. A user whose
 * application is under review or not approved reads that status (a label, its own text and button) instead.
 */
export function KycTipBar({ dismiss }: SlotItemProps) {
  const { t } = usePluginT();
  const { env } = useShell();
  const { options } = usePlugin<KycOptions>();
  const tips = useLoaderData(TIPS_LOADER);
  if (!tips?.is_show) return null;

  // An application under review or not approved is what the user needs to hear, whatever the tips say.
  const { status } = tips;
  const text = status
    ? t(`tipBar.text.${status}`)
    : KNOWN_TYPES.includes(tips.tips_type) || !tips.content
      ? t(`tipBar.text.${KNOWN_TYPES.includes(tips.tips_type) ? tips.tips_type : 'default'}`)
      : tips.content;
  const help = helpArticle({ inApp: env.state.inApp, langPrefix: env.langPrefix, articles: options.helpArticles });
  const close = () => {
    env.cookies.set(options.tipBarCloseCookie, '1', { maxAge: options.tipBarCloseHours * 3600 });
    env.bus.emit('cookie:change', { name: options.tipBarCloseCookie, value: '1' });
    dismiss();
  };

  return (
    <section className="kyc-tipbar" aria-label={t('tipBar.label')}>
      <span className="kyc-tipbar__badge">
        <ShieldIcon />
      </span>
      {status && (
        <span className={`kyc-tipbar__status kyc-tipbar__status--${status}`} data-status={status}>
          {t(`tipBar.status.${status}`)}
        </span>
      )}
      <div className="kyc-tipbar__marquee">
        <p className="kyc-tipbar__track">
          <span className="kyc-tipbar__text">{text}</span>
          <span className="kyc-tipbar__text kyc-tipbar__text--copy" aria-hidden="true">
            {text}
          </span>
        </p>
      </div>
      <a className="shell-btn shell-btn--primary kyc-tipbar__verify" href={localePath(env.langPrefix, KYC_PATHS.home)}>
        {t(status === 'pending' ? 'tipBar.viewStatus' : status === 'rejected' ? 'tipBar.verifyAgain' : 'tipBar.verify')}
      </a>
      <a className="kyc-tipbar__icon" href={help} aria-label={t('tipBar.help')} title={t('tipBar.help')}>
        <QuestionIcon />
      </a>
      <button type="button" className="kyc-tipbar__icon" aria-label={t('tipBar.close')} title={t('tipBar.close')} onClick={close}>
        <CloseIcon />
      </button>
    </section>
  );
}
