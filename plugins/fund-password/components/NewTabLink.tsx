import type { ReactNode } from 'react';
import { localePath, usePluginT, useShell } from '../../../core/plugin-api';

/** A same-site link opened in a new tab (spec 001 §2), announced as such to screen readers. */
export function NewTabLink({ path, children, className }: { path: string; children: ReactNode; className?: string }) {
  const { t } = usePluginT();
  const { env } = useShell();
  return (
    <a className={className} href={localePath(env.langPrefix, path)} target="_blank" rel="noopener noreferrer">
      {children}
      <span className="fp-sr-only"> {t('newTab')}</span>
    </a>
  );
}
