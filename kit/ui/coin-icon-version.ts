import { useEffect, useState } from 'react';
import { useShellData, coinIconVersion, msToNextHour } from '../../core/plugin-api';

/**
 * The hourly coin-icon version (spec 000 §9, 001 §9). It starts from the server render's version
 * (ShellData.coinIconVersion), so the server HTML and the hydrating browser build the same URLs whatever the
 * clocks say, and moves to the browser's hour at each following UTC hour while the page stays open.
 */
export function useCoinIconVersion(enabled = true): string {
  const { coinIconVersion: rendered } = useShellData();
  const [version, setVersion] = useState(rendered);
  useEffect(() => setVersion(rendered), [rendered]);
  useEffect(() => {
    if (!enabled) return undefined;
    let timer: ReturnType<typeof setTimeout>;
    const schedule = () => {
      timer = setTimeout(
        () => {
          setVersion(coinIconVersion(Date.now()));
          schedule();
        },
        msToNextHour(Date.now()) + 50,
      );
    };
    schedule();
    return () => clearTimeout(timer);
  }, [enabled]);
  return version;
}
