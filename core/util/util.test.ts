import { describe, expect, it } from 'vitest';
import { formatNumber } from '../../kit/domain/format';
import { MASKING, maskData, maskString } from './mask';
import { isMenuItemHidden, conditionP, visibleMenu, withComplianceFlags, type CodedMenuNode } from '../../kit/domain/menu';
import { isNotKycVerified, KYC_LEVELS, KYC_STATUS, kycStatusNote } from '../../kit/domain/kyc';
import { Monitor, MAX_CUSTOM_EVENTS_PER_VIEW, type MonitorRecord } from './monitoring';
import { safeLink, safePath } from './links';
import { dailyCounter } from './storage';
import { conform } from '../data/conform';
import { riseClass, localeInfo } from '../i18n/locales';

describe('formatNumber', () => {
  it('collapses 7 or more zeros after the point', () => {
    expect(formatNumber('0.000000012')).toBe('0.0{7}12');
    expect(formatNumber(0.00000000123)).toBe('0.0{8}123');
    expect(formatNumber('0.0000012')).toBe('0.0000012');
    expect(formatNumber('12.5')).toBe('12.5');
  });
  it('applies fixed decimals first', () => {
    expect(formatNumber(1.5, 2)).toBe('1.50');
    expect(formatNumber('0.000000001', 10)).toBe('0.0{8}10');
  });
});

describe('masking', () => {
  it('leaves strings shorter than 6 untouched', () => {
    expect(maskString('12345')).toBe('12345');
  });
  it('masks e-mails, phones, bank cards, ID cards and IPv4', () => {
    expect(maskString('mail alice@example.com')).toBe('mail al***@example.com');
    expect(maskString('call 13812345678')).toBe('call 138****5678');
    expect(maskString('card 6222021234567890123')).toBe('card 6222****0123');
    expect(maskString('id 11010519491231002X')).toBe('id 1101****002X');
    expect(maskString('from 192.168.12.34')).toBe('from 192.168.*.*');
  });
  it('keeps 8+8 of a wallet address and 6+6 of a tx hash', () => {
    const addr = '0x52908400098527886E0F7030069857D2E4169EE7';
    expect(maskString(addr)).toBe(`${addr.slice(0, 8)}****${addr.slice(-8)}`);
    const hash = '0x' + 'ab'.repeat(32);
    expect(maskString(hash)).toBe(`${hash.slice(0, 6)}****${hash.slice(-6)}`);
  });
  it('masks sensitive field names entirely and order ids 4+4', () => {
    expect(maskData({ password: 'hunter22', order_id: '1234567890', note: 'hi' })).toEqual({ password: '******', order_id: '1234****7890', note: 'hi' });
  });
});

describe('menu hiding and condition P', () => {
  const tree = [
    { code: 'trade', children: [{ code: 'spot' }, { code: 'margin', hidden: true }] },
    {
      code: 'earn',
      children: [
        { code: 'a', hidden: true },
        { code: 'b', hidden: true },
      ],
    },
    { code: 'nft', hidden: true },
  ];
  it('follows nested codes; missing means shown; hidden hides', () => {
    expect(isMenuItemHidden(tree, ['trade', 'spot'])).toBe(false);
    expect(isMenuItemHidden(tree, ['trade', 'margin'])).toBe(true);
    expect(isMenuItemHidden(tree, ['nft', 'x'])).toBe(true);
    expect(isMenuItemHidden(tree, ['nope', 'x'])).toBe(false);
  });
  it('hides a node without visible children only with secondNavHidden', () => {
    expect(isMenuItemHidden(tree, ['earn'])).toBe(false);
    expect(isMenuItemHidden(tree, ['earn'], { secondNavHidden: true })).toBe(true);
    expect(isMenuItemHidden(tree, ['trade'], { secondNavHidden: true })).toBe(false);
  });
  it('builds the visible menu from compliance codes with the same rule', () => {
    const n = (code: string, children?: Array<CodedMenuNode<string>>): CodedMenuNode<string> => ({ code, item: code, ...(children ? { children } : {}) });
    const nav = [n('buy', [n('card'), n('bank')]), n('futures'), n('spot')];
    const codes = (t: Array<CodedMenuNode<string>>): unknown[] => t.map((x) => (x.children ? [x.code, codes(x.children)] : x.code));
    expect(codes(visibleMenu(withComplianceFlags(nav, ['futures', 'card'])))).toEqual([['buy', ['bank']], 'spot']);
    expect(codes(visibleMenu(withComplianceFlags(nav, ['card', 'bank'])))).toEqual([['buy', []], 'futures', 'spot']);
    expect(codes(visibleMenu(withComplianceFlags(nav, ['card', 'bank']), { secondNavHidden: true }))).toEqual(['futures', 'spot']);
    expect(codes(visibleMenu(withComplianceFlags(nav, ['buy'])))).toEqual(['futures', 'spot']);
  });
  it('condition P: flag, days <= 10, status not 3', () => {
    expect(conditionP({ flag: 1, days: 10, status: '1' })).toBe(true);
    expect(conditionP({ flag: 1, days: 11, status: '1' })).toBe(false);
    expect(conditionP({ flag: 0, days: 1, status: '1' })).toBe(false);
    expect(conditionP({ flag: true, days: 1, status: 3 })).toBe(false);
  });
  it('condition P at its edges, as plugins/compliance/README.md states them (no page of the shell calls it)', () => {
    // Days: 10 and below, 0 and overdue (negative) included; a value that is not a number never shows.
    expect([10.5, 10, 0, -3, Number.NaN, Number.POSITIVE_INFINITY].map((days) => conditionP({ flag: 1, days, status: '0' }))).toEqual([
      false,
      true,
      true,
      true,
      false,
      false,
    ]);
    // The flag is read as set when truthy; the status '3' or 3 alike, any other status shows.
    expect([1, true, 'y', 0, false, '', null, undefined].map((flag) => conditionP({ flag, days: 5, status: 2 }))).toEqual([
      true,
      true,
      true,
      false,
      false,
      false,
      false,
      false,
    ]);
    expect(['3', 3, '03', '', 'x'].map((status) => conditionP({ flag: 1, days: 5, status }))).toEqual([false, false, true, true, true]);
  });
});

describe('KYC helpers', () => {
  it('the negative helper is false for levels 1, 4 and 3', () => {
    expect([0, 5, 2, 1, 4, 3].map(isNotKycVerified)).toEqual([true, true, true, false, false, false]);
    expect(KYC_LEVELS.LEVEL_2).toBe(1);
  });

  it('tells a KYC status under review or not approved, nothing else', () => {
    expect(kycStatusNote(KYC_STATUS.PENDING)).toBe('pending');
    expect(kycStatusNote(KYC_STATUS.REJECTED)).toBe('rejected');
    for (const other of [KYC_STATUS.NONE, KYC_STATUS.APPROVED, 4, -1, '1', null, undefined, Number.NaN]) expect(kycStatusNote(other)).toBeNull();
  });
});

describe('Monitor', () => {
  it('caps custom events at 10 per view and masks data', () => {
    const sent: MonitorRecord[] = [];
    const m = new Monitor((r) => sent.push(r), MASKING);
    for (let i = 0; i < 15; i++) m.event('e', { email: 'alice@example.com' });
    expect(sent).toHaveLength(MAX_CUSTOM_EVENTS_PER_VIEW);
    expect(sent[0].data).toEqual({ email: 'al***@example.com' });
    m.newView();
    expect(m.event('e')).toBe(true);
  });
  it('loads the masking code (browser) only with the first record; records wait for it, in order, masked', async () => {
    const sent: MonitorRecord[] = [];
    let loads = 0;
    let fail = true;
    const m = new Monitor(
      (r) => sent.push(r),
      async () => {
        loads++;
        if (fail) throw new Error('chunk gone');
        return MASKING;
      },
    );
    await Promise.resolve();
    expect(loads).toBe(0);
    m.captureError(new Error('lost'));
    await new Promise((r) => setTimeout(r, 0));
    expect(sent).toEqual([]); // never sent unmasked
    fail = false;
    m.captureError(new Error('for alice@example.com'), { email: 'alice@example.com' });
    m.event('e', { email: 'alice@example.com' });
    expect(sent).toEqual([]);
    await new Promise((r) => setTimeout(r, 0));
    expect(loads).toBe(2);
    expect(sent.map((r) => [r.kind, r.message, r.data])).toEqual([
      ['error', 'for al***@example.com', { email: 'al***@example.com' }],
      ['event', undefined, { email: 'al***@example.com' }],
    ]);
    m.event('now');
    expect(sent).toHaveLength(3);
  });
  it('ignores chunk-load errors and storage denials', () => {
    const sent: MonitorRecord[] = [];
    const m = new Monitor((r) => sent.push(r), MASKING);
    m.captureError(new Error('Failed to fetch dynamically imported module: /assets/x.js'));
    m.captureError(Object.assign(new Error("Failed to read the 'localStorage' property"), { name: 'SecurityError' }));
    m.captureError(new Error('real'));
    expect(sent.map((r) => r.message)).toEqual(['real']);
  });
});

describe('links', () => {
  it('allows same-site paths and allowed hosts only', () => {
    expect(safeLink('/myaccount/tickets')).toBe('/myaccount/tickets');
    expect(safeLink('//evil.com/x')).toBeNull();
    expect(safeLink('javascript:alert(1)')).toBeNull();
    expect(safeLink('https://evil.com')).toBeNull();
    expect(safeLink('https://www.gate.com/x', ['www.gate.com'])).toBe('https://www.gate.com/x');
    expect(safePath('https://www.gate.com/x')).toBeNull();
  });
});

describe('dailyCounter', () => {
  it('ignores anything but count/timestamp', () => {
    expect(dailyCounter.parse('3/1700000000000')).toEqual({ count: 3, at: 1700000000000 });
    expect(dailyCounter.parse('3')).toBeNull();
    expect(dailyCounter.parse('x/1')).toBeNull();
    expect(dailyCounter.parse('{"count":3}')).toBeNull();
  });
});

describe('conform', () => {
  it('keeps the default shape whatever the reply', () => {
    const d = { a: 0, b: '', c: false, d: { e: [''] } };
    expect(conform(d, { a: '5', b: 7, c: 1, d: { e: ['x', 3] }, extra: { evil: 1 } })).toEqual({ a: 5, b: '7', c: true, d: { e: ['x', '3'] } });
    expect(conform(d, { a: { nested: 1 }, b: ['x'] })).toEqual(d);
  });
});

describe('theme class', () => {
  it('Chinese rises red, others green', () => {
    expect(riseClass(localeInfo('zh')!)).toBe('red-rise');
    expect(riseClass(localeInfo('tw')!)).toBe('red-rise');
    expect(riseClass(localeInfo('en')!)).toBe('green-rise');
  });
});
