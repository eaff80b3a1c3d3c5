import { useEffect } from 'react';
import { useLoaderData, useObservable, useService, useShell, type SlotItemProps } from '../../../core/plugin-api';
import { fetchFrequency } from '../services/api';
import { FUND_PASSWORD, flowStateOf } from '../services/flow';
import { DEFAULT_FREQUENCY, toFrequency } from '../services/frequency';
import { FundPasswordFlow } from './FundPasswordFlow';
import { FREQUENCY_LOADER } from '../refs';

/**
 * The modal-queue item of the exported flow: shown while a page's request is pending. Confirm hands the password
 * (and the validity in force) to that page and closes, which resets the form; closing answers null.
 */
export function FundPasswordModal(_: SlotItemProps) {
  const { env } = useShell();
  const flow = flowStateOf(useService(FUND_PASSWORD));
  const pending = useObservable(flow.pending$, flow.pending$.value);
  const live = useObservable(flow.frequency$, flow.frequency$.value);
  const loaded = toFrequency(useLoaderData(FREQUENCY_LOADER));
  const known = live ?? loaded;
  // Pages other than the security page have not loaded the saved validity: ask once the modal opens.
  useEffect(() => {
    if (known !== null || !pending || !env.state.data.user.isLogin) return;
    let alive = true;
    void fetchFrequency(env.http).then((f) => alive && flow.frequency$.value === null && flow.saved(f));
    return () => {
      alive = false;
    };
  }, [known, pending, env, flow]);
  if (!pending) return null;
  const frequency = known ?? DEFAULT_FREQUENCY;
  return (
    <FundPasswordFlow
      frequency={frequency}
      onSaved={(f) => flow.saved(f)}
      onConfirm={(fundpass) => flow.settle({ fundpass, frequency })}
      onClose={() => flow.settle(null)}
    />
  );
}
