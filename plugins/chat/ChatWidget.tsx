import { useCallback, useEffect, useId, useRef, useState, type RefObject } from 'react';
import { localStore, usePlugin, usePluginT, useShell, useShellData } from '../../core/plugin-api';
import { CALL_SERVICE_ENTRY, chatroomUrl, OPEN_FLAG_KEY, shouldReopen, subAccountTypeOf, type ChatProps, type ChatState, type SubAccountType } from './rules';
import type { ChatOptions } from './options';
import './chat.css';

/** Messages the room page and the widget exchange (same origin only). */
type RoomMessage = { type: 'chatroom:ready' } | { type: 'chatroom:close' } | ({ type: 'chatroom:props' } & ChatProps) | { type: 'chatroom:focus' };

/**
 * A sub-account's type (an account figure), asked for once `ask` holds (the room was opened by a logged-in
 * sub-account); null before, for a main account, or when the call failed.
 */
function useSubAccountType(ask: boolean): SubAccountType | null {
  const { env } = useShell();
  const [type, setType] = useState<SubAccountType | null>(null);
  useEffect(() => {
    if (!ask) return;
    const sub = env.state.accountFigure$('subUserType').subscribe((f) => setType(f.status === 'ready' ? subAccountTypeOf(f.value) : null));
    return () => sub.unsubscribe();
  }, [ask, env]);
  return ask ? type : null;
}

/** The room's state and the widget's actions: open/hide, the props sent to the room, its messages. */
function useChatRoom() {
  const { env } = useShell();
  const { user } = useShellData();
  const [state, setState] = useState<ChatState>('hidden');
  const [framed, setFramed] = useState(false);
  const loaded = useRef(false);
  const frame = useRef<HTMLIFrameElement>(null);
  const launcher = useRef<HTMLButtonElement>(null);
  const isSubAccount = user.isLogin && user.is_sub === 1;
  const subAccountType = useSubAccountType(framed && isSubAccount);
  const props: ChatProps = { locale: env.locale.code, nickname: user.isLogin ? user.nickname : '', isSubAccount, subAccountType };
  const propsKey = JSON.stringify(props);

  const post = useCallback((msg: RoomMessage) => frame.current?.contentWindow?.postMessage(msg, window.location.origin), []);
  const open = useCallback(() => {
    localStore.set(OPEN_FLAG_KEY, '1');
    setFramed(true);
    setState(loaded.current ? 'mounted' : 'loading');
  }, []);
  const hide = useCallback(() => {
    localStore.remove(OPEN_FLAG_KEY);
    setState('hidden');
    launcher.current?.focus();
  }, []);

  useEffect(() => {
    if (shouldReopen(localStore.get(OPEN_FLAG_KEY), env.state.route$.value.query)) open();
    env.bus.on('chat:open', open);
    return () => env.bus.off('chat:open', open);
  }, [env, open]);

  useEffect(() => {
    const onMessage = (e: MessageEvent<RoomMessage>) => {
      if (e.origin !== window.location.origin || e.source !== frame.current?.contentWindow) return;
      if (e.data?.type === 'chatroom:ready') post({ type: 'chatroom:props', ...(JSON.parse(propsKey) as ChatProps) });
      if (e.data?.type === 'chatroom:close') hide();
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [post, hide, propsKey]);

  useEffect(() => {
    if (loaded.current) post({ type: 'chatroom:props', ...(JSON.parse(propsKey) as ChatProps) });
  }, [post, propsKey]);

  useEffect(() => {
    if (state === 'mounted') {
      frame.current?.focus();
      post({ type: 'chatroom:focus' });
    }
  }, [state, post]);

  const onLoad = () => {
    loaded.current = true;
    post({ type: 'chatroom:props', ...props });
    setState((s) => (s === 'loading' ? 'mounted' : s));
  };

  return { locale: env.locale.code, state, framed, frame, launcher, open, hide, onLoad };
}

interface PanelProps {
  id: string;
  locale: string;
  state: ChatState;
  frame: RefObject<HTMLIFrameElement | null>;
  onHide: () => void;
  onLoad: () => void;
}

/** The box: title, call-service link, minimize, the loading line and the room's iframe. */
function ChatPanel({ id, locale, state, frame, onHide, onLoad }: PanelProps) {
  const { t } = usePluginT();
  const { options } = usePlugin<ChatOptions>();
  const titleId = useId();
  return (
    <section
      id={id}
      className="chat__panel"
      role="dialog"
      aria-modal="false"
      aria-labelledby={titleId}
      hidden={state === 'hidden'}
      style={{ width: options.width, height: options.height }}
      onKeyDown={(e) => e.key === 'Escape' && onHide()}
    >
      <div className="chat__head">
        <h2 id={titleId} className="chat__title">
          {t('widget.title')}
        </h2>
        <a className="chat__call" href={`${CALL_SERVICE_ENTRY}?platform=web&locale=${encodeURIComponent(locale)}`} target="_blank" rel="noopener">
          {t('widget.callService')}
        </a>
        <button type="button" className="chat__close" aria-label={t('widget.minimize')} onClick={onHide}>
          <span aria-hidden="true">—</span>
        </button>
      </div>
      {state === 'loading' && (
        <div className="chat__loading" role="status">
          <span className="chat__spinner" aria-hidden="true" />
          {t('widget.loading')}
        </div>
      )}
      <iframe ref={frame} className="chat__frame" src={chatroomUrl(locale)} title={t('widget.frameTitle')} onLoad={onLoad} />
    </section>
  );
}

interface LauncherProps {
  state: ChatState;
  /** The panel exists (it was opened once). */
  framed: boolean;
  panelId: string;
  launcher: RefObject<HTMLButtonElement | null>;
  onOpen: () => void;
  onHide: () => void;
}

/** The launcher button: opens the box, or hides it when open. */
function ChatLauncher({ state, framed, panelId, launcher, onOpen, onHide }: LauncherProps) {
  const { t } = usePluginT();
  return (
    <button
      ref={launcher}
      type="button"
      className="chat__launcher"
      aria-expanded={state !== 'hidden'}
      aria-controls={framed ? panelId : undefined}
      onClick={() => (state === 'hidden' ? onOpen() : onHide())}
    >
      <svg width="22" height="22" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
        <path d="M4 5h16v11H9l-5 4z" fill="none" stroke="currentColor" strokeWidth="2" strokeLinejoin="round" />
      </svg>
      <span>{state === 'hidden' ? t('widget.open') : t('widget.close')}</span>
    </button>
  );
}

/**
 * The chat-room support widget: a launcher button and, once opened, the room's entry page in an iframe
 * (the micro-frontend) inside a 700 × 400 box. States: hidden, loading, mounted (spec 000 §4).
 */
export function ChatWidget() {
  const { locale, state, framed, frame, launcher, open, hide, onLoad } = useChatRoom();
  const panelId = useId();
  return (
    <div className="chat" data-state={state} data-testid="chat-widget">
      {framed && <ChatPanel id={panelId} locale={locale} state={state} frame={frame} onHide={hide} onLoad={onLoad} />}
      <ChatLauncher state={state} framed={framed} panelId={panelId} launcher={launcher} onOpen={open} onHide={hide} />
    </div>
  );
}
