import { forwardRef } from 'react';
import { usePluginT } from '../../../core/plugin-api';

export interface PosterCardProps {
  layout: 'vertical' | 'horizontal';
  width: number;
  siteName: string;
  logo: string;
  image: string | null;
  title: string;
  text: string;
  qr: string | null;
  qrSize: number;
}

/** The card captured as the poster: brand, image, title, text and the QR code of the shared URL. */
export const PosterCard = forwardRef<HTMLDivElement, PosterCardProps>(function PosterCard(
  { layout, width, siteName, logo, image, title, text, qr, qrSize },
  ref,
) {
  const { t } = usePluginT();
  return (
    <div ref={ref} className={`share-card share-card--${layout}`} style={{ width }} data-layout={layout}>
      <div className="share-card__brand">
        <img src={logo} alt={siteName} height={22} />
      </div>
      {image && <img className="share-card__image" src={image} alt="" />}
      <div className="share-card__main">
        <div className="share-card__text">
          <p className="share-card__title">{title}</p>
          {text && <p className="share-card__content">{text}</p>}
        </div>
        <figure className="share-card__qr">
          {qr ? (
            <img src={qr} width={qrSize} height={qrSize} alt={t('qrAlt')} />
          ) : (
            <span className="share-card__qr-wait" style={{ width: qrSize, height: qrSize }} aria-hidden="true" />
          )}
          <figcaption>{t('scan')}</figcaption>
        </figure>
      </div>
    </div>
  );
});
