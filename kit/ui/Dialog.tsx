import { useEffect, useId, useRef, type ReactNode } from 'react';
import { firstFocusable, trapTab } from './focus-trap';

export interface DialogProps {
  title: ReactNode;
  children: ReactNode;
  /** Called by the close control, Escape and (when set) a click outside. Absent: not closable. */
  onClose?: () => void;
  closeOnBackdrop?: boolean;
  /** Buttons row. */
  actions?: ReactNode;
  /** Accessible label of the close control. */
  closeLabel?: string;
  className?: string;
  size?: 'sm' | 'md' | 'lg';
  /** Selector (inside the dialog) of the element focused first; default: the first focusable one. */
  initialFocus?: string;
}

/**
 * The one dialog of the shell: role="dialog", aria-modal, labelled by its title, focus trapped inside and
 * returned on close, Escape closes when closable.
 */
export function Dialog({ title, children, onClose, closeOnBackdrop, actions, closeLabel = 'Close', className, size = 'md', initialFocus }: DialogProps) {
  const titleId = useId();
  const ref = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const previous = document.activeElement as HTMLElement | null;
    const root = ref.current;
    const first = (initialFocus && root?.querySelector<HTMLElement>(initialFocus)) || (root && firstFocusable(root));
    (first ?? root)?.focus();
    return () => previous?.focus?.();
  }, [initialFocus]);

  const onKeyDown = (e: React.KeyboardEvent) => {
    if (e.key === 'Escape' && onClose) {
      e.stopPropagation();
      onClose();
      return;
    }
    if (ref.current) trapTab(e, ref.current);
  };

  return (
    <div className="shell-dialog-backdrop" onMouseDown={(e) => closeOnBackdrop && onClose && e.target === e.currentTarget && onClose()}>
      <div
        ref={ref}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        className={`shell-dialog shell-dialog--${size}${className ? ` ${className}` : ''}`}
        onKeyDown={onKeyDown}
      >
        <div className="shell-dialog__head">
          <h2 id={titleId} className="shell-dialog__title">
            {title}
          </h2>
          {onClose && (
            <button type="button" className="shell-dialog__close" aria-label={closeLabel} onClick={onClose}>
              ×
            </button>
          )}
        </div>
        <div className="shell-dialog__body">{children}</div>
        {actions && <div className="shell-dialog__actions">{actions}</div>}
      </div>
    </div>
  );
}
