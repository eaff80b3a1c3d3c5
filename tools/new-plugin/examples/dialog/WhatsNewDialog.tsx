import { localStore, usePluginT, type SlotItemProps } from '../../../../core/plugin-api';
import { Dialog } from '../../../../kit';
import { CLOSED_AT_KEY } from './rules';

/**
 * whats-new's dialog, on the shell's Dialog: role="dialog" and aria-modal, labelled by its title, focus moved in, kept
 * inside and given back on close; Escape, the close control and the button close it and remember when.
 */
export function WhatsNewDialog({ dismiss }: SlotItemProps) {
  const { t } = usePluginT();
  const close = () => {
    localStore.set(CLOSED_AT_KEY, String(Date.now()));
    dismiss();
  };
  return (
    <Dialog
      title={t('title')}
      onClose={close}
      closeLabel={t('close')}
      size="sm"
      className="whats-new"
      actions={
        <button type="button" className="shell-btn shell-btn--primary" onClick={close}>
          {t('ok')}
        </button>
      }
    >
      <p>{t('text')}</p>
    </Dialog>
  );
}
