import type { ReactNode } from 'react';
import { usePluginT } from '../../core/plugin-api';
import './app-bar.css';

export interface PromoBannerProps {
  title: ReactNode;
  description: ReactNode;
  /** The highlighted benefit ("Up to 100 USDT in rewards"). */
  benefit?: ReactNode;
  /** 'desktop' (wide, action on the inline end) or 'mobile' (stacked, full width). */
  variant?: 'desktop' | 'mobile';
  /** Call to action. */
  action?: { label: ReactNode; href: string };
  /** Shows the close control when given. */
  onClose?: () => void;
  className?: string;
}

/** The promotional banner (spec 000 §2): title, description, benefit and close; desktop and mobile variants. */
export function PromoBanner({ title, description, benefit, variant = 'desktop', action, onClose, className }: PromoBannerProps) {
  const { t } = usePluginT('app-bar');
  return (
    <section
      className={`promo-banner promo-banner--${variant}${className ? ` ${className}` : ''}`}
      aria-label={typeof title === 'string' ? title : t('banner.label')}
    >
      <div className="promo-banner__text">
        <h2 className="promo-banner__title">{title}</h2>
        <p className="promo-banner__desc">{description}</p>
        {benefit && <p className="promo-banner__benefit">{benefit}</p>}
      </div>
      {action && (
        <a className="shell-btn shell-btn--primary promo-banner__action" href={action.href}>
          {action.label}
        </a>
      )}
      {onClose && (
        <button type="button" className="promo-banner__close" aria-label={t('banner.close')} onClick={onClose}>
          <span aria-hidden="true">×</span>
        </button>
      )}
    </section>
  );
}
