import { useEffect, useId, useRef, useState } from 'react';
import { usePluginT } from '../../../core/plugin-api';
import { copyText } from '../../../kit';

/** A labelled read-only value with a copy button; the result is announced politely. */
export function CopyField({ label, value }: { label: string; value: string }) {
  const { t } = usePluginT();
  const id = useId();
  const [status, setStatus] = useState<'' | 'copied' | 'failed'>('');
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const copy = async () => {
    setStatus((await copyText(value)) ? 'copied' : 'failed');
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setStatus(''), 2500);
  };
  return (
    <div className="growth-copy">
      <label className="growth-copy__label" htmlFor={id}>
        {label}
      </label>
      <div className="growth-copy__row">
        <input id={id} className="growth-copy__value" value={value} readOnly dir="ltr" onFocus={(e) => e.currentTarget.select()} />
        <button type="button" className="shell-btn shell-btn--primary" onClick={copy}>
          {t('referral.copy')}
          <span className="growth-sr-only"> {label}</span>
        </button>
      </div>
      <p className="growth-copy__status" role="status" aria-live="polite">
        {status ? t(`referral.${status}`) : ''}
      </p>
    </div>
  );
}
