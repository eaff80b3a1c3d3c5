import { useState } from 'react';
import { useShell } from '../../../core/plugin-api';
import type { Frequency } from '../services/frequency';
import { FundPasswordDialog } from './FundPasswordDialog';
import { ValidityDialog } from './ValidityDialog';

/**
 * The two modals together: the fund-password modal, and over it (as a sibling, so each traps its own focus)
 * the validity-change modal opened by picking a different option.
 */
export function FundPasswordFlow({
  frequency,
  onSaved,
  onConfirm,
  onClose,
}: {
  frequency: Frequency;
  onSaved: (f: Frequency) => void;
  onConfirm: (fundpass: string) => void;
  onClose: () => void;
}) {
  const { env } = useShell();
  const [pending, setPending] = useState<Frequency | null>(null);
  return (
    <>
      <FundPasswordDialog
        frequency={frequency}
        selected={pending ?? frequency}
        inApp={env.state.inApp}
        onChangeFrequency={setPending}
        onConfirm={onConfirm}
        onClose={onClose}
      />
      {pending !== null && (
        <ValidityDialog
          frequency={pending}
          onClose={() => setPending(null)}
          onDone={(f) => {
            setPending(null);
            onSaved(f);
          }}
        />
      )}
    </>
  );
}
