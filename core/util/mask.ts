/** Masking of reported monitoring data (spec 000 §5). */

const SENSITIVE_FIELD = /pass(word)?|pwd|fundpass|secret|token|totp|otp|cookie|authorization|session|private_?key|mnemonic|id_?card|id_?number|cvv|card_?no/i;
const ORDER_FIELD = /order_?id|orderno|order_?no/i;

/** Keeps `head` and `tail` characters, stars the middle. */
function keepEnds(value: string, head: number, tail: number): string {
  if (value.length <= head + tail) return value;
  return `${value.slice(0, head)}****${value.slice(value.length - tail)}`;
}

const RULES: Array<[RegExp, (m: string) => string]> = [
  // tx hash: 0x + 64 hex, or 64 hex
  [/\b(?:0x)?[0-9a-fA-F]{64}\b/g, (m) => keepEnds(m, 6, 6)],
  // wallet addresses: EVM 0x + 40 hex, bech32, base58 (BTC/TRON/SOL-like)
  [/\b0x[0-9a-fA-F]{40}\b/g, (m) => keepEnds(m, 8, 8)],
  [/\b(?:bc1|tb1)[0-9a-z]{25,60}\b/g, (m) => keepEnds(m, 8, 8)],
  [/\b[13T][1-9A-HJ-NP-Za-km-z]{25,34}\b/g, (m) => keepEnds(m, 8, 8)],
  // e-mail: keep two characters of the local part and the domain
  [
    /\b([A-Za-z0-9._%+-]{1,64})@([A-Za-z0-9.-]+\.[A-Za-z]{2,})\b/g,
    (m) => {
      const [local, domain] = m.split('@');
      return `${local.slice(0, 2)}***@${domain}`;
    },
  ],
  // ID card (18 chars, last may be X)
  [/\b\d{17}[\dXx]\b/g, (m) => keepEnds(m, 4, 4)],
  // bank card: 16 to 19 digits
  [/\b\d{16,19}\b/g, (m) => keepEnds(m, 4, 4)],
  // IPv4
  [/\b(\d{1,3})\.(\d{1,3})\.\d{1,3}\.\d{1,3}\b/g, (m) => m.replace(/\.\d{1,3}\.\d{1,3}$/, '.*.*')],
  // phone: optional +country, 7 to 15 digits
  [/(?<![\d.])\+?\d{7,15}(?![\d.])/g, (m) => keepEnds(m, 3, 4)],
];

/** Masks personal data inside a string; strings shorter than 6 characters are left as they are. */
export function maskString(value: string): string {
  if (value.length < 6) return value;
  let out = value;
  for (const [pattern, replace] of RULES) out = out.replace(pattern, replace);
  return out;
}

/** Masks a whole reported payload: sensitive field names entirely, order ids 4+4, strings by pattern. */
export function maskData(value: unknown, field = '', depth = 0): unknown {
  if (depth > 8) return '[deep]';
  if (typeof value === 'string') {
    if (field && SENSITIVE_FIELD.test(field)) return value.length < 6 ? value : '******';
    if (field && ORDER_FIELD.test(field)) return value.length < 6 ? value : keepEnds(value, 4, 4);
    return maskString(value);
  }
  if (typeof value === 'number' && field && (SENSITIVE_FIELD.test(field) || ORDER_FIELD.test(field))) {
    return maskData(String(value), field, depth);
  }
  if (Array.isArray(value)) return value.map((v) => maskData(v, field, depth + 1));
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, maskData(v, k, depth + 1)]));
  }
  return value;
}

/** The masking functions, for `Monitor` (which the browser gives a loader of this module instead). */
export const MASKING = { maskData, maskString };
export type Masking = typeof MASKING;
