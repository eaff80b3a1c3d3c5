/** Translation keys (auth namespace) of field errors; absent field = valid. */
export type FieldErrors<K extends string> = Partial<Record<K, string>>;

const EMAIL = /^[^\s@]{1,64}@[^\s@]+\.[^\s@]{2,}$/;
const PHONE = /^\+?[0-9]{6,15}$/;

/** An e-mail address or a phone number (digits, optional leading +; spaces and dashes ignored). */
export function isAccount(raw: string): boolean {
  const v = raw.trim();
  return v.length <= 254 && (EMAIL.test(v) || PHONE.test(v.replace(/[\s-]/g, '')));
}

/** Signup password rule: 8-32 characters with an upper-case letter, a lower-case letter and a digit. */
export function isStrongPassword(p: string): boolean {
  return p.length >= 8 && p.length <= 32 && /[A-Z]/.test(p) && /[a-z]/.test(p) && /[0-9]/.test(p);
}

/** Login form: both fields required; the account must look like an e-mail or phone. */
export function validateLogin(v: { account: string; password: string }): FieldErrors<'account' | 'password'> {
  const out: FieldErrors<'account' | 'password'> = {};
  if (!v.account.trim()) out.account = 'errors.accountRequired';
  else if (!isAccount(v.account)) out.account = 'errors.accountInvalid';
  if (!v.password) out.password = 'errors.passwordRequired';
  return out;
}

/** Signup form: account, a strong password, and the terms accepted. */
export function validateSignup(v: { account: string; password: string; terms: boolean }): FieldErrors<'account' | 'password' | 'terms'> {
  const out: FieldErrors<'account' | 'password' | 'terms'> = validateLogin(v);
  if (v.password && !isStrongPassword(v.password)) out.password = 'errors.passwordRules';
  if (!v.terms) out.terms = 'errors.termsRequired';
  return out;
}

/** Server codes with a translated message (errors.server.<code>); others show the server's own message. */
const KNOWN_SERVER_CODES = [10002, 10004, 10005, 10006, 10007, 10008, 10009] as const;

/** The translation key and fallback text of a failed reply (undefined reply: network failure). */
export function serverError(reply: { code?: number; message?: string } | undefined): { key: string; fallback: string } {
  if (!reply) return { key: 'errors.network', fallback: '' };
  const code = Number(reply.code);
  if ((KNOWN_SERVER_CODES as readonly number[]).includes(code)) return { key: `errors.server.${code}`, fallback: reply.message ?? '' };
  return { key: 'errors.server.other', fallback: reply.message ?? '' };
}
