import { useId, useState } from 'react';
import { localePath, useObservable, usePlugin, usePluginT, useService, useShell } from '../../core/plugin-api';
import { Dialog, toast } from '../../kit';
import { LEGAL_CONTROLLER } from './controller';
import type { LegalOptions } from './options';
import { canConfirm, DECLARATION } from './rules';
import './legal.css';

/** The Turkey customer understanding declaration: points to read, a checkbox, and Confirm (needs the box). */
export function DeclarationDialog() {
  const { t } = usePluginT();
  const { env } = useShell();
  const { options } = usePlugin<LegalOptions>();
  const c = useService(LEGAL_CONTROLLER);
  const view = useObservable(c.declaration$, c.declaration$.value);
  const [ticked, setTicked] = useState(false);
  const checkId = useId();
  if (!view.show) return null;
  const signed = view.status === DECLARATION.signed;
  const closable = !view.submitting && (signed || options.declaration.closable);
  const confirm = async () => {
    if (await c.submitDeclaration()) toast.success(env.bus, t('declaration.signedNote'));
    else toast.error(env.bus, t('submitFailed'));
  };
  return (
    <Dialog
      title={t('declaration.title')}
      size="lg"
      className="legal legal--declaration"
      onClose={closable ? () => c.closeDeclaration() : undefined}
      closeLabel={t('close')}
      actions={
        <>
          {closable && (
            <button type="button" className="shell-btn shell-btn--ghost" onClick={() => c.closeDeclaration()}>
              {signed ? t('close') : t('later')}
            </button>
          )}
          <button
            type="button"
            className="shell-btn shell-btn--primary"
            disabled={!canConfirm({ ticked, status: view.status, submitting: view.submitting })}
            aria-busy={view.submitting}
            onClick={confirm}
          >
            {signed ? t('declaration.signed') : t('declaration.confirm')}
          </button>
        </>
      }
    >
      <p className="legal__lead">{t('declaration.intro', { site: env.region.name })}</p>
      <ol className="legal__points">
        <li>{t('declaration.risk')}</li>
        <li>{t('declaration.noInsurance')}</li>
        <li>
          {t('declaration.fees')}{' '}
          <a href={localePath(env.langPrefix, '/fee')} target="_blank" rel="noopener noreferrer">
            {t('declaration.feeLink')}
          </a>
        </li>
        <li>{t('declaration.security')}</li>
      </ol>
      <div className="legal__check">
        <input id={checkId} type="checkbox" checked={ticked || signed} disabled={signed || view.submitting} onChange={(e) => setTicked(e.target.checked)} />
        <label htmlFor={checkId}>{t('declaration.checkbox')}</label>
      </div>
      {signed && (
        <p className="legal__signed" role="status">
          {t('declaration.signedNote')}
        </p>
      )}
    </Dialog>
  );
}
