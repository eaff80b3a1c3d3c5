/**
 * A click that lands before hydration is not lost: the page's bootstrap script (inline, with the page's nonce)
 * starts with EARLY_CLICKS_SCRIPT, which records clicks on server-rendered buttons (nothing happens on them without
 * JavaScript) and keeps them from doing anything else; the browser entry takes the list just before hydrating
 * (React replays what lands during hydration itself) and clicks each button again once the page is hydrated.
 * Links and forms are left alone: they work without JavaScript.
 */
const LIST = '__SHELL_EARLY_CLICKS__';
const HANDLER = '__SHELL_EARLY_CLICK_HANDLER__';

export const EARLY_CLICKS_SCRIPT =
  `window.${LIST}=[];document.addEventListener("click",window.${HANDLER}=function(e){` +
  `var b=e.target instanceof Element?e.target.closest("button:not([disabled])"):null;` +
  `if(b){e.preventDefault();e.stopPropagation();if(window.${LIST}.indexOf(b)<0)window.${LIST}.push(b)}},true);`;

type EarlyWindow = Window & { [LIST]?: HTMLElement[]; [HANDLER]?: (e: Event) => void };

/** Stops recording and returns the buttons clicked so far (each once, in order). */
export function takeEarlyClicks(win: Window = window): HTMLElement[] {
  const w = win as EarlyWindow;
  if (w[HANDLER]) w.document.removeEventListener('click', w[HANDLER], true);
  const list = w[LIST] ?? [];
  delete w[LIST];
  delete w[HANDLER];
  return list;
}

/** Clicks again, after hydration, each recorded button still in the page and enabled. */
export function replayEarlyClicks(buttons: readonly HTMLElement[]): void {
  for (const b of buttons) if (b.isConnected && !(b as HTMLButtonElement).disabled) b.click();
}
