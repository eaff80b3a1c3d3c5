import type { TFunction } from 'i18next';
import { serverError } from './validate';
import type { Reply } from './api';

/** The translated message of a failed reply; the server's own message for codes without a translation. */
export function failureText(t: TFunction, reply: Reply): string {
  const err = serverError(reply);
  if (err.key === 'errors.server.other') return err.fallback ? t('errors.server.other', { message: err.fallback }) : t('errors.generic');
  return t(err.key);
}
