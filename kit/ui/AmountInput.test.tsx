// @vitest-environment jsdom
import { act, useState } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, describe, expect, it } from 'vitest';
import { AMOUNT_MAX_DEFAULT, AmountInput, normalizeAmount, onBlurAmount } from './AmountInput';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

describe('normalizeAmount (spec 001 §5)', () => {
  it.each([
    ['', ''],
    ['   ', ''],
    [null, ''],
    [undefined, ''],
    ['0', '0'],
    ['12', '12'],
    ['12.', '12.'],
    ['12.3', '12.3'],
    ['12.34', '12.34'],
    ['12.345', '12.34'],
    ['12.349', '12.34'],
    ['.', '0.'],
    ['.5', '0.5'],
    ['0.5', '0.5'],
    ['00', '0'],
    ['000.25', '0.25'],
    ['007', '7'],
    ['0100', '100'],
    ['1.2.3', '1.23'],
    ['1..2', '1.2'],
    ['1,234.5', '1234.5'],
    [' 1 234 ', '1234'],
    ['abc', ''],
    ['12abc3', '123'],
    ['1e5', '15'],
    [42, '42'],
    [3.14159, '3.14'],
  ])('%j → %j', (input, expected) => {
    expect(normalizeAmount(input as string)).toBe(expected);
  });

  it('strips every minus unless negatives are allowed', () => {
    expect(normalizeAmount('-5')).toBe('5');
    expect(normalizeAmount('5-')).toBe('5');
    expect(normalizeAmount('--5.5')).toBe('5.5');
    expect(normalizeAmount('-5', { allowNegative: true })).toBe('-5');
    expect(normalizeAmount('-', { allowNegative: true })).toBe('-');
    expect(normalizeAmount('-.5', { allowNegative: true })).toBe('-0.5');
    expect(normalizeAmount('-007', { allowNegative: true })).toBe('-7');
    expect(normalizeAmount('5-3', { allowNegative: true })).toBe('53');
    expect(normalizeAmount('--5', { allowNegative: true })).toBe('-5');
  });

  it('limits decimals to the precision', () => {
    expect(normalizeAmount('1.123456789', { precision: 8 })).toBe('1.12345678');
    expect(normalizeAmount('1.123', { precision: 1 })).toBe('1.1');
    expect(normalizeAmount('0.000001', { precision: 4 })).toBe('0.0000');
  });

  it('allows no decimal point at precision 0', () => {
    expect(normalizeAmount('12.5', { precision: 0 })).toBe('12');
    expect(normalizeAmount('12.', { precision: 0 })).toBe('12');
    expect(normalizeAmount('.', { precision: 0 })).toBe('0');
    expect(normalizeAmount('.7', { precision: 0 })).toBe('0');
    expect(normalizeAmount('0012', { precision: 0 })).toBe('12');
  });

  it('treats a negative precision as 0 and a fractional one by its integer part', () => {
    expect(normalizeAmount('1.5', { precision: -2 })).toBe('1');
    expect(normalizeAmount('1.555', { precision: 2.9 })).toBe('1.55');
  });

  it('clamps values above the max (default 999999999999)', () => {
    expect(AMOUNT_MAX_DEFAULT).toBe(999999999999);
    expect(normalizeAmount('999999999999')).toBe('999999999999');
    expect(normalizeAmount('1000000000000')).toBe('999999999999');
    expect(normalizeAmount('999999999999.99')).toBe('999999999999');
    expect(normalizeAmount('150', { max: 100 })).toBe('100');
    expect(normalizeAmount('100.01', { max: 100 })).toBe('100');
    expect(normalizeAmount('100.00', { max: 100 })).toBe('100.00');
    expect(normalizeAmount('20', { max: 10.5 })).toBe('10.5');
    expect(normalizeAmount('-150', { max: 100, allowNegative: true })).toBe('-100');
    expect(normalizeAmount('-150', { max: 100 })).toBe('100');
  });
});

describe('onBlurAmount (spec 001 §5)', () => {
  it.each([
    ['', ''],
    ['12.', '12'],
    ['0.', '0'],
    ['.', '0'],
    ['007', '7'],
    ['5.00', '5'],
    ['5.0', '5'],
    ['5.50', '5.50'],
    ['0.05', '0.05'],
    ['1000000000000', '999999999999'],
    ['abc', ''],
  ])('%j → %j', (input, expected) => {
    expect(onBlurAmount(input)).toBe(expected);
  });

  it('normalizes negative values when allowed', () => {
    expect(onBlurAmount('-', { allowNegative: true })).toBe('');
    expect(onBlurAmount('-0', { allowNegative: true })).toBe('0');
    expect(onBlurAmount('-0.', { allowNegative: true })).toBe('0');
    expect(onBlurAmount('-12.', { allowNegative: true })).toBe('-12');
    expect(onBlurAmount('-1.50', { allowNegative: true })).toBe('-1.50');
  });

  it('keeps precision-0 values whole', () => {
    expect(onBlurAmount('12.9', { precision: 0 })).toBe('12');
  });
});

describe('<AmountInput>', () => {
  let root: Root | null = null;
  let host: HTMLDivElement | null = null;
  afterEach(() => {
    act(() => root?.unmount());
    host?.remove();
  });

  function mount(props: { precision?: number; allowNegative?: boolean } = {}) {
    const seen: string[] = [];
    function Harness() {
      const [v, setV] = useState('');
      return <AmountInput label="Amount" unit="USDT" value={v} onChange={(x) => (seen.push(x), setV(x))} {...props} />;
    }
    host = document.createElement('div');
    document.body.append(host);
    root = createRoot(host);
    act(() => root!.render(<Harness />));
    return { input: host.querySelector('input')!, seen };
  }

  function type(input: HTMLInputElement, text: string) {
    const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
    act(() => {
      setter.call(input, text);
      input.dispatchEvent(new Event('input', { bubbles: true }));
    });
  }

  it('is labelled, cleans what is typed and tidies up on blur', () => {
    const { input, seen } = mount();
    expect(input.labels?.[0]?.textContent).toBe('Amount');
    expect(input.getAttribute('inputmode')).toBe('decimal');
    type(input, '-0012.345');
    expect(input.value).toBe('12.34');
    type(input, '12.');
    expect(input.value).toBe('12.');
    act(() => {
      input.focus();
      input.blur();
    });
    expect(input.value).toBe('12');
    expect(seen.at(-1)).toBe('12');
  });

  it('uses the numeric keyboard at precision 0', () => {
    const { input } = mount({ precision: 0 });
    expect(input.getAttribute('inputmode')).toBe('numeric');
    type(input, '3.7');
    expect(input.value).toBe('3');
  });
});
