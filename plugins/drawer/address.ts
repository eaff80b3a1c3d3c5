import type { HttpClient } from '../../core/plugin-api';
import { ADDRESS_API, type DepositAddress } from './networks';

const isAddress = (v: unknown): v is DepositAddress =>
  !!v && typeof v === 'object' && typeof (v as DepositAddress).address === 'string' && typeof (v as DepositAddress).chain === 'string';

/** The user's deposit address on a network; null when not logged in, on failure or on a malformed reply. */
export async function fetchAddress(http: HttpClient, currency: string, chain: string): Promise<DepositAddress | null> {
  try {
    const reply = await http.get<{ code?: number; data?: unknown }>(ADDRESS_API, { currency, chain });
    return reply?.code === 0 && isAddress(reply.data) ? reply.data : null;
  } catch {
    return null;
  }
}
