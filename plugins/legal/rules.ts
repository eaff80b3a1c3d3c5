import { isPlain } from '../../core/plugin-api';

/** User agreement endpoints (spec 001 §7). */
export const AGREEMENT_API = {
  status: '/api/web/v1/compliance-kyc/user-agreement/status',
  submit: '/api/web/v1/compliance-kyc/user-agreement/submit-status',
} as const;

/** Turkey declaration statuses (spec 001 §3). */
export const DECLARATION = { needSign: 1, signed: 2 } as const;
export type DeclarationStatus = (typeof DECLARATION)[keyof typeof DECLARATION];

/** What the agreement modal shows; `show` false hides it. */
export interface AgreementView {
  show: boolean;
  content: string;
  submitButton: string;
}

const isOk = (raw: unknown): raw is { code: 0 | '0'; data?: unknown } => isPlain(raw) && (raw.code === 0 || raw.code === '0');

/** Spec 001 §4, §8: shown when a code-0 reply has status 1; any failure or other status hides it. */
export function parseAgreement(raw: unknown): AgreementView {
  const hidden = { show: false, content: '', submitButton: '' };
  if (!isOk(raw) || !isPlain(raw.data)) return hidden;
  const d = raw.data;
  if (Number(d.status) !== 1 || (typeof d.status !== 'number' && typeof d.status !== 'string')) return hidden;
  return {
    show: true,
    content: typeof d.content === 'string' ? d.content : '',
    submitButton: typeof d.submit_button === 'string' ? d.submit_button.trim().slice(0, 60) : '',
  };
}

/** A submit clears the modal only when the reply's code is 0. */
export function isSubmitAccepted(raw: unknown): boolean {
  return isOk(raw);
}

/** Spec 001 §8: the declaration status, 1 (need sign) on any failure. */
export function parseDeclarationStatus(raw: unknown): DeclarationStatus {
  if (!isOk(raw) || !isPlain(raw.data)) return DECLARATION.needSign;
  return Number(raw.data.status) === DECLARATION.signed ? DECLARATION.signed : DECLARATION.needSign;
}

/** Spec 001 §4, §5: confirm needs the box ticked; disabled once signed or while submitting. */
export function canConfirm(input: { ticked: boolean; status: DeclarationStatus; submitting: boolean }): boolean {
  return input.ticked && input.status === DECLARATION.needSign && !input.submitting;
}

/** Whether a page path runs the per-user checks (none on the skipped paths and their sub-paths). */
export function pathAllowed(path: string, skipPaths: readonly string[]): boolean {
  return !skipPaths.some((p) => path === p || path.startsWith(`${p.replace(/\/$/, '')}/`));
}

/**
 * Whether a clicked link leads to a coming-soon feature: same origin, and its path (without a language prefix of
 * this region) is one of `paths` or below one.
 */
export function isComingSoonLink(href: string, base: string, languages: readonly string[], paths: readonly string[]): boolean {
  if (!paths.length) return false;
  let url: URL;
  try {
    url = new URL(href, base);
  } catch {
    return false;
  }
  if (url.origin !== new URL(base).origin) return false;
  const segments = url.pathname.split('/');
  const path = segments[1] && languages.includes(segments[1]) ? `/${segments.slice(2).join('/')}` : url.pathname;
  return paths.some((p) => path === p || path.startsWith(`${p.replace(/\/$/, '')}/`));
}
