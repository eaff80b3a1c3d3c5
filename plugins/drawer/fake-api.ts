import { defineFakeApi, fail, type FakeRequest, notLogin, ok, userOf } from '../../core/plugin-api/fake-api';
import { ADDRESS_API, isValidCurrency, networkOf, type DepositAddress, type Network } from './networks';

const BASE58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
const BECH32 = 'qpzry9x8gf2tvdw0s3jn54khce6mua7l';
const HEX = '0123456789abcdef';

/** A deterministic pseudo-random string over `alphabet` from a seed (xorshift on an FNV-1a hash). */
function seeded(seed: string, alphabet: string, length: number): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < seed.length; i++) h = Math.imul(h ^ seed.charCodeAt(i), 0x01000193) >>> 0;
  let out = '';
  for (let i = 0; i < length; i++) {
    h ^= h << 13;
    h ^= h >>> 17;
    h ^= h << 5;
    h >>>= 0;
    out += alphabet[h % alphabet.length];
  }
  return out;
}

/** A well-formed sample address of a network family, stable per user, currency and network. */
export function sampleAddress(uid: string, currency: string, network: Network): string {
  const seed = `${uid}:${currency}:${network.id}`;
  switch (network.family) {
    case 'tron':
      return `T${seeded(seed, BASE58, 33)}`;
    case 'evm':
      return `0x${seeded(seed, HEX, 40)}`;
    case 'btc':
      return `bc1q${seeded(seed, BECH32, 38)}`;
    case 'sol':
      return seeded(seed, BASE58, 44);
    default:
      return seeded(seed, BASE58, 34);
  }
}

function address(req: FakeRequest) {
  const user = userOf(req);
  if (!user) return notLogin();
  const currency = String(req.query.get('currency') ?? 'USDT').toUpperCase();
  if (!isValidCurrency(currency)) return fail(10003, 'invalid currency');
  const network = networkOf(currency, req.query.get('chain') ?? undefined);
  const data: DepositAddress = {
    currency,
    chain: network.id,
    address: sampleAddress(user.uid, currency, network),
    memo: '',
    min_deposit: network.minDeposit,
    confirmations: network.confirmations,
  };
  return ok(data);
}

/** The deposit page's address endpoint. */
export default defineFakeApi({
  name: 'drawer',
  routes: { [`GET ${ADDRESS_API}`]: address },
});
