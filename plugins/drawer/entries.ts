import { localePath, type SiteSettings } from '../../core/plugin-api';
import { visibleMenu, withComplianceFlags, type CodedMenuNode } from '../../kit';

/** One way to fund the wallet: translation key, link, and the compliance menu code that hides it. */
export interface DepositLink {
  key: 'onchain' | 'gatecode' | 'card' | 'bank' | 'p2p';
  href: string;
  code?: string;
}

export interface DepositGroup {
  key: 'haveAssets' | 'noAssets';
  links: DepositLink[];
}

/** Spec 000 §2: compliance menu codes of the "don't have assets" entries. */
const MENU_CODES = { card: 'credit_paywith_card', bank: 'bank_card', p2p: 'fiat_trade' } as const;

/**
 * The deposit drawer's groups (spec 000 §2). Each "don't have assets" entry is hidden when the compliance menu
 * list has its code; the group is hidden when all three are — the core menu rule (nested nodes, hidden flag,
 * second-nav-hidden). Links are as the spec gives them (only the on-chain one carries the language prefix) unless
 * `prefixAll` is set.
 */
export function drawerGroups(langPrefix: string, menu: readonly string[], prefixAll = false): DepositGroup[] {
  const p = (path: string) => (prefixAll ? localePath(langPrefix, path) : path);
  type Node = CodedMenuNode<DepositLink | DepositGroup['key']>;
  const group = (key: DepositGroup['key'], links: DepositLink[]): Node => ({
    code: key,
    item: key,
    children: links.map((l) => ({ code: l.code ?? l.key, item: l })),
  });
  const tree: Node[] = [
    group('haveAssets', [
      { key: 'onchain', href: localePath(langPrefix, '/myaccount/deposit/USDT') },
      { key: 'gatecode', href: p('/myaccount/deposit_gatecode') },
    ]),
    group('noAssets', [
      { key: 'card', href: p('/crypto/buy/with-credit-card?method=card'), code: MENU_CODES.card },
      { key: 'bank', href: p('/crypto/buy/with-bank-account?method=bank'), code: MENU_CODES.bank },
      { key: 'p2p', href: p('/c2c/market'), code: MENU_CODES.p2p },
    ]),
  ];
  const visible = visibleMenu(withComplianceFlags(tree, menu), { secondNavHidden: true });
  return visible.map((g) => ({ key: g.item as DepositGroup['key'], links: (g.children ?? []).map((c) => c.item as DepositLink) }));
}

export interface PickerInput {
  langPrefix: string;
  /** Spec 001 §2: default USDT. */
  currency?: string;
  fiat: string;
  /** The region offers P2P, card and bank deposits (option `otherWays`). */
  otherWays: boolean;
  isUkLimit: boolean;
  menu: readonly string[];
}

/** Spec 001 §6: other deposit ways only where the region offers them, not for UK-limited users, only without fiat_trade. */
export function otherWaysAllowed(i: Pick<PickerInput, 'otherWays' | 'isUkLimit' | 'menu'>): boolean {
  return i.otherWays && !i.isUkLimit && !i.menu.includes(MENU_CODES.p2p);
}

/** The deposit-method picker's entries (spec 001 §2), every link under the language prefix. */
export function depositMethods(i: PickerInput): DepositLink[] {
  const currency = encodeURIComponent((i.currency || 'USDT').toUpperCase());
  const fiat = encodeURIComponent(i.fiat.toUpperCase());
  const lp = (path: string) => localePath(i.langPrefix, path);
  const out: DepositLink[] = [
    { key: 'onchain', href: lp(`/myaccount/deposit/${currency}`) },
    { key: 'gatecode', href: lp('/myaccount/deposit_gatecode') },
  ];
  if (!otherWaysAllowed(i)) return out;
  return [
    ...out,
    { key: 'p2p', href: lp(`/c2c/USDT_${fiat}`), code: MENU_CODES.p2p },
    { key: 'card', href: lp(`/crypto/buy/with-credit-card?method=card&fiat=${fiat}`), code: MENU_CODES.card },
    { key: 'bank', href: lp(`/crypto/buy/with-bank-account?method=bank&fiat=${fiat}`), code: MENU_CODES.bank },
  ];
}

/** A fiat code as the header's currency select stores it. */
const FIAT_CODE = /^[A-Z]{3,5}$/;
/** The fiat when neither the visitor nor the back end names a usable one (spec 000 §3 default). */
const DEFAULT_FIAT = 'USD';

/**
 * The fiat of the picker's buy links (spec 001 §2): the one the visitor chose in the header (`curr_fiat` cookie, so
 * a reload keeps it rather than the back end's default) when it is a fiat code the site lists (any code when the
 * site settings list none), else the site settings' `curr_fiat`, else USD.
 */
export function chosenFiat(cookie: string | undefined, site: Pick<SiteSettings, 'curr_fiat' | 'fiat_list'>): string {
  const listed = (code: string) => FIAT_CODE.test(code) && (site.fiat_list.length === 0 || site.fiat_list.some((f) => f.fiat === code));
  if (cookie && listed(cookie)) return cookie;
  return FIAT_CODE.test(site.curr_fiat) ? site.curr_fiat : DEFAULT_FIAT;
}
