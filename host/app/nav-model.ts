import type { MenuEntry } from '../../core/registry/activate';
import { visibleMenu, withComplianceFlags, type CodedMenuNode } from '../../kit/domain/menu';

/** One header navigation entry: translation key (header `nav.*`) and path without the locale prefix. */
interface NavEntry {
  key: string;
  path: string;
}

export type NavNode = CodedMenuNode<NavEntry>;

const node = (code: string, key: string, path: string, children?: NavNode[]): NavNode => ({ code, item: { key, path }, ...(children ? { children } : {}) });

/** Where spot links go without a plugin naming the site's default market. */
const SPOT_PATH = '/trade/BTC_USDT';

/**
 * The site's default market page: where the trade menu's spot entry goes (the chart names it from the site's
 * defaultCurrB: /trade/BTC_TRY on Turkey), else /trade/BTC_USDT.
 */
export function spotPath(trade: readonly MenuEntry[] | undefined): string {
  return trade?.find((e) => e.item.code === 'spot')?.item.path ?? SPOT_PATH;
}

/**
 * The header navigation as a tree of compliance feature codes (the codes of the compliance plugin's `menuPaths`
 * and of the deposit drawer, spec 000 §2). Buy Crypto's second level holds its three ways to pay.
 */
const NAV_TREE: readonly NavNode[] = [
  node('buy_crypto', 'buyCrypto', '/crypto/buy', [
    node('credit_paywith_card', 'card', '/crypto/buy/with-credit-card?method=card'),
    node('bank_card', 'bank', '/crypto/buy/with-bank-account?method=bank'),
    node('fiat_trade', 'p2p', '/c2c/market'),
  ]),
  node('markets', 'markets', '/price'),
  node('spot', 'spot', SPOT_PATH),
  node('futures', 'futures', '/futures/USDT/BTC_USDT'),
  node('copy_trading', 'copyTrading', '/copytrading'),
  node('simple_earn', 'earn', '/simple-earn'),
];

/** Hide a first-level entry whose second level is entirely hidden (spec 000 §5 second-nav-hidden option). */
const NAV_SECOND_NAV_HIDDEN = true;

/**
 * The navigation a user sees: entries whose code is in the compliance `menu` list are hidden (core menu rule); the
 * spot entry goes to `spot`, the site's default market.
 */
export function headerNav(disabled: readonly string[], spot = SPOT_PATH): NavNode[] {
  const tree = NAV_TREE.map((n) => (n.code === 'spot' ? node('spot', 'spot', spot) : n));
  return visibleMenu(withComplianceFlags(tree, disabled), { secondNavHidden: NAV_SECOND_NAV_HIDDEN });
}
