import { useEffect, useId, useRef, useState } from 'react';
import { usePluginT } from '../../../core';

/** Copies text to the clipboard (Clipboard API, else a hidden textarea); resolves whether it worked. */
export async function copyText(text: string): Promise<boolean> {
  try {
    if (navigator.clipboard?.writeText) {
      await navigator.clipboard.writeText(text);
      return true;
    }
  } catch {
    // fall through to the legacy way
  }
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.appendChild(area);
  area.select();
  let ok = false;
  try {
    ok = document.execCommand('copy');
  } catch {
    ok = false;
  }
  area.remove();
  return ok;
}

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
