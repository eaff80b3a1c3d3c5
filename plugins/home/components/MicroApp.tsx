import { useEffect, useLayoutEffect, useRef, useState, type RefObject } from 'react';
import { MICRO_MSG, propsKey, resolveEntry, type MicroAppProps } from '../services/micro-app';

export interface MicroAppViewProps {
  /** Short id of the app (logs, messages). */
  name: string;
  /** Entry URL: a site path or an https URL on an allowed host. */
  entry: string;
  /** Accessible title of the frame. */
  title: string;
  props: MicroAppProps;
  allowedHosts: readonly string[];
}

type Phase = 'waiting' | 'checking' | 'ready' | 'failed';

/** Becomes true once the element comes within 200 px of the viewport (at once without IntersectionObserver). */
function useNearView(box: RefObject<HTMLDivElement | null>): boolean {
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    if (typeof IntersectionObserver === 'undefined') return void setVisible(true);
    const io = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) {
          setVisible(true);
          io.disconnect();
        }
      },
      { rootMargin: '200px' },
    );
    io.observe(el);
    return () => io.disconnect();
  }, [box]);
  return visible;
}

/**
 * An embedded app: waits until it scrolls into view (IntersectionObserver), checks the entry with a HEAD request,
 * then mounts it in a frame and posts it the props (again whenever they change). Failures are logged only.
 */
export function MicroApp({ name, entry, title, props, allowedHosts }: MicroAppViewProps) {
  const box = useRef<HTMLDivElement>(null);
  const frame = useRef<HTMLIFrameElement>(null);
  /** The app's window, kept so the unmount message reaches it while its frame is being removed. */
  const appWindow = useRef<Window | null>(null);
  const visible = useNearView(box);
  const [phase, setPhase] = useState<Phase>('waiting');
  const [loaded, setLoaded] = useState(false);
  const [height, setHeight] = useState(320);
  const [target, setTarget] = useState<{ url: string; origin: string } | null>(null);
  const key = propsKey(props);

  useEffect(() => {
    if (!visible) return;
    const resolved = resolveEntry(entry, window.location.origin, allowedHosts);
    if (!resolved) {
      console.warn(`[home] micro-app '${name}': entry '${entry}' is not an allowed URL; not mounted`);
      return void setPhase('failed');
    }
    let alive = true;
    setPhase('checking');
    fetch(resolved.url, { method: 'HEAD', credentials: 'same-origin', cache: 'no-store' })
      .then((res) => {
        if (!alive) return;
        if (!res.ok) throw new Error(`HEAD ${res.status}`);
        setTarget(resolved);
        setPhase('ready');
      })
      .catch((err: unknown) => {
        if (!alive) return;
        console.warn(`[home] micro-app '${name}' mount failed: ${(err as Error)?.message ?? err}`);
        setPhase('failed');
      });
    return () => {
      alive = false;
    };
  }, [visible, entry, name, allowedHosts]);

  useEffect(() => {
    if (!loaded || !target) return;
    post(appWindow.current, target.origin, { type: MICRO_MSG.props, app: name, props: JSON.parse(key) as MicroAppProps }, name);
  }, [loaded, target, key, name]);

  useEffect(() => {
    if (!target) return;
    const onMessage = (e: MessageEvent) => {
      if (e.origin !== target.origin || !e.source || e.source !== appWindow.current) return;
      const data = e.data as { type?: string; height?: unknown };
      if (data?.type === MICRO_MSG.height && typeof data.height === 'number' && data.height > 0) setHeight(Math.min(Math.ceil(data.height), 4000));
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [target]);

  // Tell the app before its frame leaves the document (layout cleanups run before the removal).
  useLayoutEffect(
    () => () => {
      if (target) post(appWindow.current, target.origin, { type: MICRO_MSG.unmount, app: name }, name);
    },
    [target, name],
  );

  return (
    <div ref={box} className="home-micro" data-micro-app={name} data-phase={phase} aria-busy={phase === 'checking' || (phase === 'ready' && !loaded)}>
      {phase === 'ready' && target && (
        <iframe
          ref={frame}
          className="home-micro__frame"
          title={title}
          src={target.url}
          style={{ height }}
          onLoad={() => {
            appWindow.current = frame.current?.contentWindow ?? null;
            setLoaded(true);
          }}
        />
      )}
    </div>
  );
}

function post(win: Window | null, origin: string, message: unknown, name: string) {
  try {
    win?.postMessage(message, origin);
  } catch (err) {
    console.warn(`[home] micro-app '${name}': message failed: ${(err as Error)?.message ?? err}`);
  }
}
