import { describe, expect, it } from 'vitest';
import {
  CONFIRM_DEBOUNCE_MS,
  DEFAULT_FREQUENCY,
  canConfirm,
  canSubmitChange,
  createClickGuard,
  parseFrequencyReply,
  toFrequency,
  updateOutcome,
} from './frequency';

describe('validity options (spec 001 §9)', () => {
  it('accepts 1, 2 and 0 only; default 1', () => {
    expect(DEFAULT_FREQUENCY).toBe(1);
    expect([0, 1, 2, '0', '2'].map(toFrequency)).toEqual([0, 1, 2, 0, 2]);
    expect([3, -1, '', null, undefined, true, 'x', 1.5].map(toFrequency)).toEqual([null, null, null, null, null, null, null, null]);
  });
  it('reads get_user_frequency: code 0 with data.frequency, else the default', () => {
    expect(parseFrequencyReply({ code: 0, data: { frequency: 0 } })).toBe(0);
    expect(parseFrequencyReply({ code: 0, data: { frequency: '2' } })).toBe(2);
    expect(parseFrequencyReply({ code: 10001, data: { frequency: 0 } })).toBe(1);
    expect(parseFrequencyReply({ code: 0, data: { frequency: 7 } })).toBe(1);
    expect(parseFrequencyReply({ code: 0, data: null })).toBe(1);
    expect(parseFrequencyReply(undefined)).toBe(1);
  });
});

describe('form rules (spec 001 §5)', () => {
  it('confirm needs a password', () => {
    expect(canConfirm('')).toBe(false);
    expect(canConfirm('s3cret')).toBe(true);
  });
  it('the validity change needs both password and authenticator code', () => {
    expect(canSubmitChange('', '123456')).toBe(false);
    expect(canSubmitChange('pw', '')).toBe(false);
    expect(canSubmitChange('pw', '   ')).toBe(false);
    expect(canSubmitChange('pw', '123456')).toBe(true);
  });
});

describe('updateOutcome (spec 001 §8)', () => {
  it('a truthy result is success', () => {
    expect(updateOutcome({ result: true })).toEqual({ ok: true });
    expect(updateOutcome({ result: 1 })).toEqual({ ok: true });
  });
  it('a failure carries the server msg, or null for the word Error', () => {
    expect(updateOutcome({ result: false, msg: 'Wrong code' })).toEqual({ ok: false, message: 'Wrong code' });
    expect(updateOutcome({ result: 0, msg: '  ' })).toEqual({ ok: false, message: null });
    expect(updateOutcome({ result: 'false' })).toEqual({ ok: false, message: null });
    expect(updateOutcome(undefined)).toEqual({ ok: false, message: null });
  });
});

describe('createClickGuard (1500 ms debounce)', () => {
  it('runs the first click and drops the ones within 1500 ms', () => {
    let now = 1000;
    const calls: number[] = [];
    const guard = createClickGuard(CONFIRM_DEBOUNCE_MS, () => now);
    const click = guard((n: number) => calls.push(n));
    click(1);
    now += 200;
    click(2);
    now += 1299;
    click(3);
    now += 1;
    click(4);
    expect(calls).toEqual([1, 4]);
  });
});
