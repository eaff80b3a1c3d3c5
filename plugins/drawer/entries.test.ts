import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { regionOptions } from '../../tools/test/region-options';
import { chosenFiat, depositMethods, drawerGroups, otherWaysAllowed } from './entries';
import { minDepositText, networkOf } from './networks';
import { drawerReducer, type DrawerAction, type DrawerPhase } from './drawer-state';

describe('drawerGroups (spec 000 §2)', () => {
  it('lists the five links in two groups', () => {
    const groups = drawerGroups('', []);
    expect(groups.map((g) => g.key)).toEqual(['haveAssets', 'noAssets']);
    expect(groups.flatMap((g) => g.links.map((l) => l.href))).toEqual([
      '/myaccount/deposit/USDT',
      '/myaccount/deposit_gatecode',
      '/crypto/buy/with-credit-card?method=card',
      '/crypto/buy/with-bank-account?method=bank',
      '/c2c/market',
    ]);
  });

  it('puts the language prefix on the on-chain link (and on all with prefixAll)', () => {
    expect(drawerGroups('/zh', [])[0].links[0].href).toBe('/zh/myaccount/deposit/USDT');
    expect(drawerGroups('/zh', [])[0].links[1].href).toBe('/myaccount/deposit_gatecode');
    expect(drawerGroups('/zh', [], true)[1].links[2].href).toBe('/zh/c2c/market');
  });

  const table: Array<[string[], string[]]> = [
    [['credit_paywith_card'], ['bank', 'p2p']],
    [['bank_card'], ['card', 'p2p']],
    [['fiat_trade'], ['card', 'bank']],
    [['credit_paywith_card', 'bank_card'], ['p2p']],
    [['futures'], ['card', 'bank', 'p2p']],
  ];
  it.each(table)('menu %j leaves %j', (menu, keys) => {
    expect(drawerGroups('', menu)[1].links.map((l) => l.key)).toEqual(keys);
  });

  it('hides the whole group when all three codes are in the menu', () => {
    const groups = drawerGroups('', ['futures', 'fiat_trade', 'credit_paywith_card', 'bank_card']);
    expect(groups.map((g) => g.key)).toEqual(['haveAssets']);
  });
});

describe('deposit-method picker (spec 001 §2, §6)', () => {
  const base = { langPrefix: '', fiat: 'EUR', otherWays: true, isUkLimit: false, menu: [] as string[] };
  it('offers every way where the region offers other ways, with the fiat in the links', () => {
    expect(depositMethods(base).map((m) => m.href)).toEqual([
      '/myaccount/deposit/USDT',
      '/myaccount/deposit_gatecode',
      '/c2c/USDT_EUR',
      '/crypto/buy/with-credit-card?method=card&fiat=EUR',
      '/crypto/buy/with-bank-account?method=bank&fiat=EUR',
    ]);
    expect(depositMethods({ ...base, currency: 'btc', langPrefix: '/ar' })[0].href).toBe('/ar/myaccount/deposit/BTC');
  });
  const rules: Array<[string, Partial<typeof base>, boolean]> = [
    ['a region offering them', {}, true],
    ['a region without them', { otherWays: false }, false],
    ['UK-limited', { isUkLimit: true }, false],
    ['fiat_trade gated', { menu: ['fiat_trade'] }, false],
    ['card gated only', { menu: ['credit_paywith_card'] }, true],
  ];
  it.each(rules)('other ways on %s: %s', (_n, patch, allowed) => {
    expect(otherWaysAllowed({ ...base, ...patch })).toBe(allowed);
    expect(depositMethods({ ...base, ...patch })).toHaveLength(allowed ? 5 : 2);
  });
  it('the region files offer other ways on the main site only (spec 001 §6)', () => {
    const keys = ['main', 'tr', 'eu', 'hk', 'us', 'bs', 'sg', 'uk', 'jp', 'ae', 'au', 'testnet'];
    expect(keys.filter((k) => regionOptions(k, 'drawer').otherWays === true)).toEqual(['main']);
  });
});

describe('drawer life cycle', () => {
  const run = (actions: DrawerAction[], from: DrawerPhase = 'closed') => actions.reduce(drawerReducer, from);
  it('opens, closes and unmounts', () => {
    expect(run(['open'])).toBe('entering');
    expect(run(['open', 'entered'])).toBe('open');
    expect(run(['open', 'entered', 'close'])).toBe('leaving');
    expect(run(['open', 'entered', 'close', 'unmount'])).toBe('closed');
  });
  it('reopening while leaving keeps it mounted; stray actions change nothing', () => {
    expect(run(['open', 'entered', 'close', 'open'])).toBe('open');
    expect(run(['close'])).toBe('closed');
    expect(run(['unmount'], 'open')).toBe('open');
    expect(run(['entered'], 'leaving')).toBe('leaving');
  });
});

describe('chosenFiat (the fiat the visitor chose in the header)', () => {
  const site = {
    curr_fiat: 'USD',
    fiat_list: [
      { fiat: 'USD', symbol: '$' },
      { fiat: 'EUR', symbol: '€' },
      { fiat: 'TRY', symbol: '₺' },
    ],
  };

  it('prefers the curr_fiat cookie over the back end default, when the site lists it', () => {
    expect(chosenFiat('EUR', site)).toBe('EUR');
    expect(chosenFiat('GBP', site)).toBe('USD');
    expect(chosenFiat(undefined, site)).toBe('USD');
    expect(chosenFiat('eur', site)).toBe('USD');
    expect(chosenFiat('GBP', { curr_fiat: 'TRY', fiat_list: [] })).toBe('GBP');
  });

  it('always gives a fiat code, whatever the cookie and settings hold', () => {
    fc.assert(
      fc.property(fc.option(fc.string(), { nil: undefined }), fc.string(), (cookie, curr) => {
        const fiat = chosenFiat(cookie, { curr_fiat: curr, fiat_list: site.fiat_list });
        expect(fiat).toMatch(/^[A-Z]{3,5}$/);
        expect([cookie, curr, 'USD']).toContain(fiat);
      }),
    );
  });
});

describe('minDepositText (zero-count notation)', () => {
  const trc20 = networkOf('USDT', 'TRX');
  const reply = (min_deposit: string, chain = 'TRX') => ({ currency: 'USDT', chain, address: 'T', memo: '', min_deposit, confirmations: 20 });

  it("writes the back end's tiny minimum in the notation, else the network's", () => {
    expect(minDepositText(reply('0.000000012'), trc20)).toBe('0.0{7}12');
    expect(minDepositText(null, trc20)).toBe(trc20.minDeposit);
    expect(minDepositText(reply('5', 'ETH'), trc20)).toBe(trc20.minDeposit);
    for (const bad of ['', '-1', '1e-9', 'abc', '<b>1</b>']) expect(minDepositText(reply(bad), trc20)).toBe(trc20.minDeposit);
  });
});
