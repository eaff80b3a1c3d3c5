import { usePluginT, useService } from '../../core/plugin-api';
import { Dialog } from '../../kit';
import { LEGAL_CONTROLLER } from './controller';
import './legal.css';

/** The EU coming-soon notice (spec 001 §8): 'Stay tuned!', 'This feature is upcoming', Confirm. */
export function ComingSoonDialog() {
  const { t } = usePluginT();
  const c = useService(LEGAL_CONTROLLER);
  const close = () => c.closeComingSoon();
  return (
    <Dialog
      title={t('comingSoon.title')}
      size="sm"
      className="legal legal--coming-soon"
      onClose={close}
      closeOnBackdrop
      closeLabel={t('close')}
      actions={
        <button type="button" className="shell-btn shell-btn--primary" onClick={close}>
          {t('comingSoon.confirm')}
        </button>
      }
    >
      <svg className="legal__soon-icon" viewBox="0 0 48 48" width="48" height="48" aria-hidden="true" focusable="false">
        <circle cx="24" cy="24" r="20" fill="none" stroke="currentColor" strokeWidth="3" />
        <path d="M24 13v12l8 5" fill="none" stroke="currentColor" strokeWidth="3" strokeLinecap="round" strokeLinejoin="round" />
      </svg>
      <p className="legal__soon-text">{t('comingSoon.text')}</p>
    </Dialog>
  );
}
