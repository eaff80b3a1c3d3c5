import { watchBodySkin } from '../skin/skin';

export interface AutosaveDeps {
  /** Element whose classes carry the theme and rise colour. */
  body: HTMLElement;
  autoSaveMs: number;
  isDirty: () => boolean;
  save: () => void;
  /** The theme or rise colour changed (the layout is saved right after). */
  onSkinChange: () => void;
}

/**
 * When the layout is saved (spec 001 §4): on a theme change, every `autoSaveMs` if something changed, and when
 * the page is hidden or unloaded. Returns the stop function.
 */
export function startAutosave(d: AutosaveDeps): () => void {
  const stopSkin = watchBodySkin(d.body, () => {
    d.onSkinChange();
    d.save();
  });
  const timer = setInterval(() => d.isDirty() && d.save(), d.autoSaveMs);
  const save = () => d.save();
  const onHide = () => document.visibilityState === 'hidden' && d.save();
  window.addEventListener('pagehide', save);
  window.addEventListener('beforeunload', save);
  document.addEventListener('visibilitychange', onHide);
  return () => {
    stopSkin();
    clearInterval(timer);
    window.removeEventListener('pagehide', save);
    window.removeEventListener('beforeunload', save);
    document.removeEventListener('visibilitychange', onHide);
  };
}
