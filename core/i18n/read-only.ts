import type { i18n } from 'i18next';

/** Instances that never change (the server's per-language ones): a plain key always gives the same text. */
const readOnly = new WeakSet<i18n>();

export function markReadOnlyI18n(instance: i18n): void {
  readOnly.add(instance);
}

export const isReadOnlyI18n = (instance: i18n): boolean => readOnly.has(instance);
