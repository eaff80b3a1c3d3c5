import { describe, expect, it } from 'vitest';
import type { MenuEntry } from '../../core/registry/activate';
import { visibleMenuEntries } from './menu-rule';

const entry = (key: string, code?: string): MenuEntry => ({ pluginId: null, item: { key, label: key, path: `/${key}`, ...(code ? { code } : {}) } });
const TRADE = [entry('spot', 'spot'), entry('futures', 'futures'), entry('alpha', 'alpha'), entry('copyTrading', 'copy_trading'), entry('bots', 'strategybot')];
const keys = (entries: MenuEntry[]) => entries.map((e) => e.item.key);

describe('side-menu entries by the core menu rule (spec 000 §5)', () => {
  it('keeps every entry, in order, when the compliance menu list is empty', () => {
    expect(keys(visibleMenuEntries(TRADE, []))).toEqual(['spot', 'futures', 'alpha', 'copyTrading', 'bots']);
  });

  it('hides the entries whose code the list disables (persona menu-gated) and ignores codes it has no entry for', () => {
    expect(keys(visibleMenuEntries(TRADE, ['futures', 'fiat_trade', 'credit_paywith_card', 'bank_card']))).toEqual(['spot', 'alpha', 'copyTrading', 'bots']);
    expect(keys(visibleMenuEntries(TRADE, ['copy_trading', 'strategybot']))).toEqual(['spot', 'futures', 'alpha']);
  });

  it('never hides an entry without a code, even when the list names its key', () => {
    expect(keys(visibleMenuEntries([entry('tickets'), entry('security', 'security')], ['tickets', 'security']))).toEqual(['tickets']);
  });
});
