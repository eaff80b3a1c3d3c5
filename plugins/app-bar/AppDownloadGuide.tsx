import { localePath, optionsRefOf, useOptionalService, usePluginT, useShell } from '../../core/plugin-api';
import { DEFAULT_STORE_PATH } from './decide';
import { GUIDE_WIDTH_HORIZONTAL, GUIDE_WIDTH_VERTICAL, QR_DEFAULT_SIZE, type AppBarOptions } from './constants';
import { QrCode } from '../../kit/ui/QrCode';
import { AppIcon } from './AppIcon';
import './app-bar.css';

export type GuideVariant = 'line' | 'shadow' | 'horizontal';

export interface AppDownloadGuideProps {
  /** 'line' (bordered card), 'shadow' (raised card), 'horizontal' (QR beside the text). */
  variant?: GuideVariant;
  /** QR size in px (spec 001 §9: 140). */
  qrSize?: number;
  /** What the QR encodes; default: this site's download page. */
  value?: string;
  /** Target of the more button; default: the download page. */
  moreHref?: string;
  /** Hides the more button. */
  hideMore?: boolean;
  className?: string;
}

/** Card width per variant (spec 001 §9: 240 vertical, 394 horizontal). */
export function guideWidth(variant: GuideVariant): number {
  return variant === 'horizontal' ? GUIDE_WIDTH_HORIZONTAL : GUIDE_WIDTH_VERTICAL;
}

/**
 * The app-download guide for pages (spec 000 §2 "other visible pieces"): a QR code to scan with the phone, the
 * app's name and a more button to the download page. Uses the app-bar namespace whichever plugin renders it.
 */
export function AppDownloadGuide({ variant = 'line', qrSize = QR_DEFAULT_SIZE, value, moreHref, hideMore, className }: AppDownloadGuideProps) {
  const { t } = usePluginT('app-bar');
  const { env } = useShell();
  // The app-bar plugin's options, whichever plugin renders the guide.
  const options = useOptionalService(optionsRefOf<AppBarOptions>('app-bar'));
  const store = localePath(env.langPrefix, options?.storePath ?? DEFAULT_STORE_PATH);
  const qrValue = value ?? `${env.regionOrigin(env.region.key)}${store}`;
  const width = guideWidth(variant);
  return (
    <section
      className={`app-guide app-guide--${variant}${className ? ` ${className}` : ''}`}
      style={{ width, maxWidth: '100%' }}
      aria-label={t('guide.label', { site: env.region.name })}
    >
      <div className="app-guide__qr">
        <QrCode value={qrValue} size={qrSize} label={t('guide.qrLabel', { site: env.region.name })} />
      </div>
      <div className="app-guide__text">
        <div className="app-guide__head">
          <AppIcon size={28} />
          <strong>{t('guide.title', { site: env.region.name })}</strong>
        </div>
        <p className="app-guide__desc">{t('guide.scan')}</p>
        <p className="app-guide__platforms">{t('guide.platforms')}</p>
        {!hideMore && (
          <a className="shell-btn shell-btn--ghost app-guide__more" href={moreHref ?? store}>
            {t('guide.more')}
          </a>
        )}
      </div>
    </section>
  );
}
