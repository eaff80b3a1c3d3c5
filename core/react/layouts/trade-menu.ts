import { visibleMenu, withComplianceFlags, type CodedMenuNode, type MenuHideOptions } from '../../util/menu';

/**
 * The trading area's menu (spec 001 §2 "Other linked routes"): each entry's page, the path prefix that marks it
 * current, and its compliance menu code (hidden when the `menu` list disables it, as the compliance gate does).
 */
export const TRADE_MENU = [
  { key: 'spot', path: '/trade/BTC_USDT', match: '/trade', code: 'spot' },
  { key: 'futures', path: '/futures/USDT/BTC_USDT', match: '/futures', code: 'futures' },
  { key: 'alpha', path: '/alpha', match: '/alpha', code: 'alpha' },
  { key: 'preMarket', path: '/pre-market', match: '/pre-market', code: 'pre_market' },
  { key: 'copyTrading', path: '/copytrading', match: '/copytrading', code: 'copy_trading' },
  { key: 'bots', path: '/strategybot', match: '/strategybot', code: 'strategybot' },
] as const;

export type TradeMenuEntry = (typeof TRADE_MENU)[number];

/** The trade menu as a tree of compliance codes (flat today), the shape the core menu rule takes. */
export const TRADE_MENU_TREE: ReadonlyArray<CodedMenuNode<TradeMenuEntry>> = TRADE_MENU.map((item) => ({ code: item.code, item }));

/**
 * The entries a user sees: nodes whose code is in the compliance `menu` list are flagged hidden and the menu is
 * filtered by the core rule (`withComplianceFlags` + `visibleMenu`, spec 000 §5), as the header navigation is.
 */
export function visibleTradeMenu(disabled: readonly string[], tree: ReadonlyArray<CodedMenuNode<TradeMenuEntry>> = TRADE_MENU_TREE, options: MenuHideOptions = {}): TradeMenuEntry[] {
  return visibleMenu(withComplianceFlags([...tree], disabled), options).map((n) => n.item);
}
