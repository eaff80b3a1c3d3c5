import { useId, type InputHTMLAttributes, type ReactNode } from 'react';
import { usePluginT } from '../../../core/plugin-api';
import { Dialog } from '../../../kit';

interface FormDialogProps {
  title: string;
  size?: 'sm';
  /** Confirm is disabled until then. */
  ready: boolean;
  /** Marks Confirm busy (it stays enabled so it keeps focus; the caller ignores a second submit). */
  busy?: boolean;
  onSubmit: () => void;
  onClose: () => void;
  children: ReactNode;
}

/** The plugin's dialogs: one form, its first field focused; Cancel closes, Confirm (or Enter) submits it. */
export function FormDialog({ title, size, ready, busy, onSubmit, onClose, children }: FormDialogProps) {
  const { t } = usePluginT();
  const form = `${useId()}-form`;
  return (
    <Dialog
      title={title}
      onClose={onClose}
      closeLabel={t('close')}
      size={size}
      className="fp-dialog"
      initialFocus=".fp-form input"
      actions={
        <>
          <button type="button" className="shell-btn shell-btn--ghost" onClick={onClose}>
            {t('cancel')}
          </button>
          <button type="submit" form={form} className="shell-btn shell-btn--primary" disabled={!ready} aria-busy={busy || undefined}>
            {t('confirm')}
          </button>
        </>
      }
    >
      <form
        id={form}
        className="fp-form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          onSubmit();
        }}
      >
        {children}
      </form>
    </Dialog>
  );
}

/** A labelled input of the plugin's forms, with what goes under it (a help link). */
export function FormField({ label, hint, children, ...input }: InputHTMLAttributes<HTMLInputElement> & { label: string; hint?: string; children?: ReactNode }) {
  const id = useId();
  return (
    <div className="fp-field">
      <label className="fp-label" htmlFor={id}>
        {label}
      </label>
      <input id={id} className="fp-input" aria-describedby={hint ? `${id}-hint` : undefined} {...input} />
      {hint && (
        <p id={`${id}-hint`} className="fp-note fp-hint">
          {hint}
        </p>
      )}
      {children}
    </div>
  );
}

/** The fund-password field (with what goes under it). */
export function FundPassField({ value, onChange, children }: { value: string; onChange: (value: string) => void; children?: ReactNode }) {
  const { t } = usePluginT();
  return (
    <FormField
      label={t('fundpass')}
      type="password"
      autoComplete="off"
      value={value}
      onChange={(e) => onChange(e.target.value)}
      placeholder={t('fundpassPlaceholder')}
    >
      {children}
    </FormField>
  );
}
