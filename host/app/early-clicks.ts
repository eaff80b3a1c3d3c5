/**
 * A click that lands before hydration is not lost: the page's bootstrap script (inline, with the page's nonce)
 * starts with EARLY_CLICKS_SCRIPT, which records clicks on server-rendered buttons (nothing happens on them without
 * JavaScript) and keeps them from doing anything else; the browser entry takes the list just before hydrating
 * (React replays what lands during hydration itself) and clicks each button again once the page is hydrated.
 * Links and forms are left alone: they work without JavaScript, except the links plugins hold (`heldLinksScript`).
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

const RELEASE = '__SHELL_RELEASE_LINKS__';
/** A page whose start-up never ends (its entry failed to load) stops holding links after this, and follows them. */
export const HOLD_LIMIT_MS = 10_000;

/** Links the page holds until the plugins that intercept them are active: site paths and the region's languages. */
export interface HeldLinks {
  paths: string[];
  languages: string[];
}

/**
 * Inline script: from the first paint, a click on a link to one of `held.paths` (on this site; without a language
 * prefix of the region; the path or below it) is kept from navigating and recorded, until `releaseHeldLinks` (or,
 * failing that, HOLD_LIMIT_MS) clicks it again. The plugin that intercepts it decides on that click (a link it does
 * not take then navigates as usual), so this test only has to hold at least what it takes.
 */
export function heldLinksScript(held: HeldLinks): string {
  const data = JSON.stringify(held).replace(/</g, '\\u003c');
  return (
    `(function(h){var held=[];function hold(e){if(e.defaultPrevented||e.button!==0)return;` +
    `var a=e.target instanceof Element?e.target.closest("a[href]"):null;if(!a||a.origin!==location.origin)return;` +
    `var s=a.pathname.split("/"),p=s[1]&&h.languages.indexOf(s[1])>=0?"/"+s.slice(2).join("/"):a.pathname;` +
    `for(var i=0;i<h.paths.length;i++){var q=h.paths[i].replace(/\\/$/,"");` +
    `if(p===h.paths[i]||p.indexOf(q+"/")===0){e.preventDefault();if(held.indexOf(a)<0)held.push(a);return}}}` +
    `function release(){document.removeEventListener("click",hold,true);var l=held;held=[];` +
    `for(var i=0;i<l.length;i++)if(l[i].isConnected)l[i].click()}` +
    `document.addEventListener("click",hold,true);window.${RELEASE}=release;setTimeout(release,${HOLD_LIMIT_MS})})(${data});`
  );
}

/** Stops holding links and clicks each held one again (still in the page), in order: the active plugins take them now. */
export function releaseHeldLinks(win: Window = window): void {
  const w = win as Window & { [RELEASE]?: () => void };
  w[RELEASE]?.();
  delete w[RELEASE];
}
