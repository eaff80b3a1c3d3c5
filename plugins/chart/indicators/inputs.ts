/** Indicator kinds, their inputs with ranges and defaults (spec 001 §5), and input validation. */
export const INDICATOR_TYPES = ['KDJ', 'MACD', 'TD'] as const;
export type IndicatorType = (typeof INDICATOR_TYPES)[number];

export interface InputSpec {
  /** Translation key suffix and name. */
  key: string;
  min: number;
  max: number;
  default: number;
}

/** Inputs of each indicator, in order. */
export const INDICATOR_INPUTS: Record<IndicatorType, readonly InputSpec[]> = {
  KDJ: [
    { key: 'period', min: 1, max: 2000, default: 9 },
    { key: 'kSmooth', min: 1, max: 2000, default: 3 },
    { key: 'dSmooth', min: 1, max: 2000, default: 3 },
  ],
  MACD: [
    { key: 'fast', min: 1, max: 2000, default: 12 },
    { key: 'slow', min: 1, max: 2000, default: 26 },
    { key: 'signal', min: 1, max: 50, default: 9 },
  ],
  TD: [],
};

export function isIndicatorType(v: unknown): v is IndicatorType {
  return typeof v === 'string' && (INDICATOR_TYPES as readonly string[]).includes(v);
}

export function defaultInputs(type: IndicatorType): number[] {
  return INDICATOR_INPUTS[type].map((s) => s.default);
}

/** A validation problem: an i18n key of the chart namespace and its parameters. */
export interface InputError {
  index: number;
  key: 'errors.required' | 'errors.integer' | 'errors.range';
  params: { min: number; max: number };
}

/**
 * Checks raw inputs (numbers or form strings): each must be a whole number within its range.
 * Returns the parsed numbers or the problems, one per bad input.
 */
export function validateInputs(type: IndicatorType, raw: readonly unknown[]): { ok: true; values: number[] } | { ok: false; errors: InputError[] } {
  const specs = INDICATOR_INPUTS[type];
  const values: number[] = [];
  const errors: InputError[] = [];
  specs.forEach((spec, index) => {
    const v = raw[index];
    const params = { min: spec.min, max: spec.max };
    const text = typeof v === 'number' ? String(v) : typeof v === 'string' ? v.trim() : '';
    if (text === '') return errors.push({ index, key: 'errors.required', params });
    const n = Number(text);
    if (!/^-?\d+(\.\d+)?$/.test(text) || !Number.isInteger(n)) return errors.push({ index, key: 'errors.integer', params });
    if (n < spec.min || n > spec.max) return errors.push({ index, key: 'errors.range', params });
    values.push(n);
  });
  return errors.length ? { ok: false, errors } : { ok: true, values };
}
