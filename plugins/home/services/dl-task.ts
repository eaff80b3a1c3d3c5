import type { HttpClient } from '../../../core/plugin-api';
import { HOME_API, logFallback, type Envelope } from '../types';

/** Download task info (spec 001 §3): has_dl_task 1 means a task exists. */
export interface DlTask {
  has_dl_task: number;
  reward_num: string;
  reward_currency: string;
}

/** No task: the fallback on failure. */
export const NO_DL_TASK: DlTask = Object.freeze({ has_dl_task: 0, reward_num: '', reward_currency: '' });

/** A reply's data as a DlTask; malformed fields read as "no task". */
export function toDlTask(data: unknown): DlTask {
  const src = data && typeof data === 'object' ? (data as Record<string, unknown>) : {};
  const reward = typeof src.reward_num === 'number' || typeof src.reward_num === 'string' ? String(src.reward_num).trim() : '';
  const currency = typeof src.reward_currency === 'string' && /^[A-Za-z0-9]{1,16}$/.test(src.reward_currency) ? src.reward_currency.toUpperCase() : '';
  return { has_dl_task: Number(src.has_dl_task) === 1 ? 1 : 0, reward_num: /^\d+(\.\d+)?$/.test(reward) ? reward : '', reward_currency: currency };
}

/** The card shows only for an existing task with a reward to name. */
export function showDlTask(task: DlTask | undefined): boolean {
  return !!task && task.has_dl_task === 1 && task.reward_num !== '' && Number(task.reward_num) > 0 && task.reward_currency !== '';
}

/**
 * GET dlGetTaskInfo?const_id=; "no task" (and a log line) on failure. A visitor's answer carries no user data, so it
 * may come from the shared cache (as far as the back end's Cache-Control and Vary allow); a user's never does.
 */
export async function fetchDlTask(http: HttpClient, constId: string, visitor = false): Promise<DlTask> {
  try {
    const reply = await http.get<Envelope<unknown>>(HOME_API.dlTask, { const_id: constId }, { shared: visitor });
    if (!reply || reply.code !== 0) {
      logFallback('download task unavailable', reply?.message ?? 'no reply');
      return { ...NO_DL_TASK };
    }
    return toDlTask(reply.data);
  } catch (err) {
    logFallback('download task failed', (err as Error)?.message);
    return { ...NO_DL_TASK };
  }
}
