import { useEffect, useState } from 'react';
import { useShell } from '../../core/react/context';
import type { ShellEvents } from '../../core/state/bus';

const TOAST_MS = 4000;

/** Renders toasts emitted on the bus (toast helpers); announced politely to screen readers. */
export function Toasts() {
  const { env } = useShell();
  const [items, setItems] = useState<Array<ShellEvents['toast'] & { id: number }>>([]);
  useEffect(() => {
    let next = 0;
    const timers = new Set<ReturnType<typeof setTimeout>>();
    const onToast = (t: ShellEvents['toast']) => {
      const id = ++next;
      setItems((list) => [...list.slice(-3), { ...t, id }]);
      const timer = setTimeout(() => {
        timers.delete(timer);
        setItems((list) => list.filter((i) => i.id !== id));
      }, TOAST_MS);
      timers.add(timer);
    };
    env.bus.on('toast', onToast);
    return () => {
      env.bus.off('toast', onToast);
      timers.forEach(clearTimeout);
    };
  }, [env.bus]);
  return (
    <div className="shell-toasts" aria-live="polite" role="status">
      {items.map((i) => (
        <div key={i.id} className={`shell-toast shell-toast--${i.kind}`}>
          {i.message}
        </div>
      ))}
    </div>
  );
}
