import { formatNumber } from '../../kit/domain/format';

/** A deposit network of a currency. */
export interface Network {
  id: string;
  /** Shown name. */
  name: string;
  /** Address format of the fake back end. */
  family: 'tron' | 'evm' | 'btc' | 'sol' | 'generic';
  confirmations: number;
  minDeposit: string;
}

const N = (id: string, name: string, family: Network['family'], confirmations: number, minDeposit: string): Network => ({
  id,
  name,
  family,
  confirmations,
  minDeposit,
});
const TRC20 = (min: string) => N('TRX', 'Tron (TRC20)', 'tron', 20, min);
const ERC20 = (min: string) => N('ETH', 'Ethereum (ERC20)', 'evm', 64, min);
const BEP20 = (min: string) => N('BSC', 'BNB Smart Chain (BEP20)', 'evm', 15, min);
const SOL = (min: string) => N('SOL', 'Solana', 'sol', 32, min);

/** Networks per currency, the recommended one first. */
const NETWORKS: Record<string, Network[]> = {
  USDT: [TRC20('1'), ERC20('10'), BEP20('1'), SOL('1')],
  USDC: [ERC20('10'), SOL('1'), BEP20('1')],
  BTC: [N('BTC', 'Bitcoin', 'btc', 2, '0.0001'), BEP20('0.0001')],
  ETH: [ERC20('0.005'), N('ARBEVM', 'Arbitrum One', 'evm', 64, '0.001'), N('OPETH', 'Optimism', 'evm', 64, '0.001')],
  TRX: [TRC20('10')],
  SOL: [SOL('0.01')],
};

/** Currency codes the deposit page accepts: 2-10 letters or digits. */
export function isValidCurrency(code: string): boolean {
  return /^[A-Z0-9]{2,10}$/.test(code);
}

/** The networks of a currency; an unlisted currency has its own chain only. */
export function networksOf(currency: string): Network[] {
  return NETWORKS[currency] ?? [N(currency, currency, 'generic', 30, '0')];
}

/** A network of a currency by id, or the recommended one. */
export function networkOf(currency: string, id: string | undefined): Network {
  const list = networksOf(currency);
  return list.find((n) => n.id === id) ?? list[0];
}

/** What GET /api/web/v1/deposit/address answers. */
export interface DepositAddress {
  currency: string;
  chain: string;
  address: string;
  memo: string;
  min_deposit: string;
  confirmations: number;
}

/** The address endpoint (spec: not shown; chosen here). */
export const ADDRESS_API = '/api/web/v1/deposit/address';

const DECIMAL = /^\d{1,20}(\.\d{1,30})?$/;

/**
 * The minimum deposit shown beside an address: the back end's (`min_deposit` of the address reply for this network)
 * when it is a plain decimal, else the network's own; in the zero-count notation (spec 000 §5), as a tiny-priced
 * coin's minimum can be `0.0{7}12`.
 */
export function minDepositText(address: DepositAddress | null, network: Network): string {
  const fromServer = address && address.chain === network.id && DECIMAL.test(String(address.min_deposit)) ? String(address.min_deposit) : null;
  return formatNumber(fromServer ?? network.minDeposit);
}
