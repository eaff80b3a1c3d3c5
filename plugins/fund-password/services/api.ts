import type { HttpClient } from '../../../core/plugin-api';
import { parseFrequencyReply, updateOutcome, type Frequency } from './frequency';

const FUND_API = {
  frequency: '/apiweb/v1/user/get_user_frequency',
  querySafe: '/json_svr/query_safe',
} as const;

/** The saved validity period (default 1 on any failure). */
export async function fetchFrequency(http: HttpClient): Promise<Frequency> {
  try {
    return parseFrequencyReply(await http.get<unknown>(FUND_API.frequency, undefined, { dedupe: false }));
  } catch {
    return parseFrequencyReply(undefined);
  }
}

/** POST query_safe (form-encoded, csrf header) with action tradepassfrequency. */
export async function updateFrequency(http: HttpClient, form: { frequency: Frequency; fundpass: string; totp: string }) {
  try {
    return updateOutcome(
      await http.post<unknown>(FUND_API.querySafe, {
        action: 'tradepassfrequency',
        frequency: form.frequency,
        fundpass: form.fundpass,
        totp: form.totp.trim(),
      }),
    );
  } catch {
    return updateOutcome(undefined);
  }
}
