import { describe, expect, it } from 'vitest';
import type { CodedMenuNode } from '../../util/menu';
import { TRADE_MENU, TRADE_MENU_TREE, visibleTradeMenu, type TradeMenuEntry } from './trade-menu';

const keys = (entries: TradeMenuEntry[]) => entries.map((e) => e.key);
const entry = (key: TradeMenuEntry['key']) => TRADE_MENU.find((e) => e.key === key)!;

describe('trade side menu by the core menu rule (spec 000 §5)', () => {
  it('shows every entry, in order, when the compliance menu list is empty', () => {
    expect(keys(visibleTradeMenu([]))).toEqual(['spot', 'futures', 'alpha', 'preMarket', 'copyTrading', 'bots']);
  });

  it('hides the entries whose code the list disables (persona menu-gated) and ignores codes it has no entry for', () => {
    expect(keys(visibleTradeMenu(['futures', 'fiat_trade', 'credit_paywith_card', 'bank_card']))).toEqual(['spot', 'alpha', 'preMarket', 'copyTrading', 'bots']);
    expect(keys(visibleTradeMenu(['copy_trading', 'strategybot', 'pre_market']))).toEqual(['spot', 'futures', 'alpha']);
  });

  it('honours the rule\'s hidden flag and nested nodes, as the header does', () => {
    const tree: Array<CodedMenuNode<TradeMenuEntry>> = [
      { code: 'spot', item: entry('spot'), hidden: true },
      { code: 'futures', item: entry('futures'), children: [{ code: 'futures_usdt', item: entry('futures') }, { code: 'futures_btc', item: entry('futures') }] },
      { code: 'alpha', item: entry('alpha') },
    ];
    expect(keys(visibleTradeMenu([], tree))).toEqual(['futures', 'alpha']);
    // Every child disabled: the parent goes too with the second-nav-hidden option, and stays without it.
    expect(keys(visibleTradeMenu(['futures_usdt', 'futures_btc'], tree, { secondNavHidden: true }))).toEqual(['alpha']);
    expect(keys(visibleTradeMenu(['futures_usdt', 'futures_btc'], tree))).toEqual(['futures', 'alpha']);
  });

  it('keeps one tree node per entry, keyed by its compliance code', () => {
    expect(TRADE_MENU_TREE.map((n) => [n.code, n.item.key])).toEqual(TRADE_MENU.map((e) => [e.code, e.key]));
  });
});
