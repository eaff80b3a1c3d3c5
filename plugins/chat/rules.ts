import type { FramedEntry } from '../../core/plugin-api';

/** Spec 000 §5: the chat room is never opened below this width. */
const CHAT_MIN_WIDTH = 768;
/** Spec 000 §4, §9: prefetch when idle, at the latest after this delay. */
export const PREFETCH_DELAY_MS = 2000;
/** Spec 000 §9: default chat box size. */
export const CHAT_BOX = { height: 700, width: 400 } as const;
/** localStorage key of the stored open flag ('1' while the room is open). */
export const OPEN_FLAG_KEY = 'chatroom_open';
/** Entry pages of the chat micro-frontend (spec 000 §2). */
export const CHATROOM_ENTRY = '/groupchat/chatroom';
export const CALL_SERVICE_ENTRY = '/groupchat/call_service';

/**
 * The back-end entry pages this plugin frames or opens, with the only query it builds for them (`chatroomUrl`): the
 * API proxy refuses any other, so an entry page that echoes its query cannot be made to run script on the site.
 */
export const CHAT_ENTRIES: readonly FramedEntry[] = [CHATROOM_ENTRY, CALL_SERVICE_ENTRY].map((path) => ({
  path,
  // A locale code as the shell writes them (en, zh, en-us, ar-dubai): letters, digits and hyphens only.
  query: { platform: /web/, locale: /[a-z]{2,3}(?:-[a-z0-9]{2,8}){0,2}/ },
}));

/** Spec 000 §5: URLs the chat room is not opened on (live/video pages, login pages, red-packet signup). */
const BLOCKED_PATH = /(^|\/)(live|video)(\/|$)|login|code_redpacket_signup/i;

/** What decides whether the widget shows where the plugin runs (its presence is the spec's chatroom flag). */
export interface ChatGateInput {
  mobileAgent: boolean;
  width: number;
  /** The page URL (host, path and query are checked). */
  url: URL;
}

/** Whether the URL is one the chat room is never opened on (spec 000 §5), testnet hosts included. */
export function isBlockedUrl(url: URL): boolean {
  if (/testnet/i.test(url.hostname)) return true;
  return BLOCKED_PATH.test(url.pathname) || BLOCKED_PATH.test(url.search);
}

/** Spec 000 §5: where the chat widget may show in a region that runs the plugin (§6). */
export function canShowChat(i: ChatGateInput): boolean {
  return !i.mobileAgent && i.width >= CHAT_MIN_WIDTH && !isBlockedUrl(i.url);
}

/** Spec 000 §4: the room reopens on load when the open flag is stored or the chatroom query parameter is there. */
export function shouldReopen(storedFlag: string | null, query: Record<string, string>): boolean {
  return storedFlag === '1' || Object.prototype.hasOwnProperty.call(query, 'chatroom');
}

/** A sub-account's type (spec 001 §3): `type` 1 normal, 4 managed; `subType` 6 bugs, 7 asset management. */
export interface SubAccountType {
  type: number;
  subType: number;
}

/** The props the room receives (spec 000 §3 "chat-room props"), plus the sub-account type once it is known. */
export interface ChatProps {
  locale: string;
  nickname: string;
  isSubAccount: boolean;
  /** A sub-account's type (get_sub_user_type), asked for when the room first opens; null until then, or unknown. */
  subAccountType: SubAccountType | null;
}

/** Largest type code passed on (the spec's go up to 7). */
const MAX_TYPE_CODE = 99;
const typeCode = (n: unknown): number | null => (typeof n === 'number' && Number.isInteger(n) && n >= 0 && n <= MAX_TYPE_CODE ? n : null);

/** The room's sub-account type from get_sub_user_type's answer: whole codes from 0 to 99, else unknown (null). */
export function subAccountTypeOf(reply: { type: unknown; sub_type: unknown } | null): SubAccountType | null {
  const type = typeCode(reply?.type);
  const subType = typeCode(reply?.sub_type);
  return type === null || type === 0 || subType === null ? null : { type, subType };
}

/** The entry URL of the room for a locale (the same URL is prefetched and framed). */
export function chatroomUrl(locale: string): string {
  return `${CHATROOM_ENTRY}?platform=web&locale=${encodeURIComponent(locale)}`;
}

/** The widget's states (spec 000 §4): hidden (launcher only), loading (frame loading), mounted (room visible). */
export type ChatState = 'hidden' | 'loading' | 'mounted';
