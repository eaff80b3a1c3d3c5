import { useId, type ChangeEvent, type InputHTMLAttributes } from 'react';

/** Spec 001 §9: the default upper limit and number of decimals of an amount. */
export const AMOUNT_MAX_DEFAULT = 999999999999;
const AMOUNT_PRECISION_DEFAULT = 2;

export interface AmountRules {
  /** Decimals allowed (default 2); 0 allows no decimal point. */
  precision?: number;
  /** Keep a leading minus (default false: it is stripped). */
  allowNegative?: boolean;
  /** Larger values are clamped to this (default 999999999999); negatives to its opposite. */
  max?: number;
}

/**
 * The amount as typed, cleaned (spec 001 §5): digits and one decimal point only (grouping commas and spaces
 * dropped), a leading minus only when negatives are allowed, decimals cut to `precision` (none at 0), a leading
 * dot becomes `0.`, leading zeros collapse, values beyond `max` are clamped. Empty stays empty; an unfinished
 * `12.` or `-` is kept so typing can continue.
 */
export function normalizeAmount(value: string | number | null | undefined, rules: AmountRules = {}): string {
  const precision = Math.max(0, Math.floor(rules.precision ?? AMOUNT_PRECISION_DEFAULT));
  const max = rules.max ?? AMOUNT_MAX_DEFAULT;
  const raw = value === null || value === undefined ? '' : String(value).trim();
  if (raw === '') return '';
  const negative = !!rules.allowNegative && raw.startsWith('-');
  const cleaned = raw.replace(/[^\d.]/g, '');
  const dot = cleaned.indexOf('.');
  let int = dot < 0 ? cleaned : cleaned.slice(0, dot);
  let frac = dot < 0 ? null : cleaned.slice(dot + 1).replace(/\./g, '');
  if (int === '' && frac !== null) int = '0';
  if (precision === 0) frac = null;
  else if (frac !== null) frac = frac.slice(0, precision);
  int = int.replace(/^0+(?=\d)/, '');
  let out = frac === null ? int : `${int}.${frac}`;
  if (out !== '' && Math.abs(Number(out)) > max) out = clampText(max, precision);
  return negative ? `-${out}` : out;
}

/** The amount when the field loses focus: normalized, trailing dot dropped, integer values written plainly. */
export function onBlurAmount(value: string | number | null | undefined, rules: AmountRules = {}): string {
  let out = normalizeAmount(value, rules);
  if (out.endsWith('.')) out = out.slice(0, -1);
  if (out === '' || out === '-') return '';
  const n = Number(out);
  if (Number.isInteger(n) && Number.isSafeInteger(n)) return String(n === 0 ? 0 : n);
  return out;
}

function clampText(max: number, precision: number): string {
  const text = Number.isInteger(max) ? String(max) : max.toFixed(precision).replace(/\.?0+$/, '');
  return text;
}

export interface AmountInputProps extends AmountRules, Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange' | 'max' | 'type'> {
  value: string;
  /** Receives the cleaned value on every keystroke and on blur. */
  onChange: (value: string) => void;
  /** Visible label; the field is labelled by it. */
  label?: string;
  /** Text after the field (a currency code). */
  unit?: string;
}

/** A text field for amounts that applies the spec 001 §5 rules as the user types and on blur. */
export function AmountInput({ value, onChange, precision, allowNegative, max, label, unit, id, className, onBlur, ...rest }: AmountInputProps) {
  const autoId = useId();
  const inputId = id ?? autoId;
  const rules = { precision, allowNegative, max };
  return (
    <div className={`shell-amount${className ? ` ${className}` : ''}`}>
      {label && (
        <label className="shell-amount__label" htmlFor={inputId}>
          {label}
        </label>
      )}
      <div className="shell-amount__box">
        <input
          {...rest}
          id={inputId}
          type="text"
          inputMode={precision === 0 ? 'numeric' : 'decimal'}
          autoComplete="off"
          value={value}
          onChange={(e: ChangeEvent<HTMLInputElement>) => onChange(normalizeAmount(e.target.value, rules))}
          onBlur={(e) => {
            const next = onBlurAmount(e.target.value, rules);
            if (next !== value) onChange(next);
            onBlur?.(e);
          }}
        />
        {unit && <span className="shell-amount__unit">{unit}</span>}
      </div>
    </div>
  );
}
