import { describe, expect, it } from 'vitest';
import { canShowChat, chatroomUrl, isBlockedUrl, shouldReopen, type ChatGateInput } from './rules';

const at = (href: string) => new URL(href);
const base: ChatGateInput = { mobileAgent: false, width: 1280, url: at('https://www.gate.com/') };

describe('canShowChat (spec 000 §5, §6)', () => {
  const table: Array<[string, Partial<ChatGateInput>, boolean]> = [
    ['main desktop home', {}, true],
    ['exactly 768 wide', { width: 768 }, true],
    ['767 wide', { width: 767 }, false],
    ['mobile user agent', { mobileAgent: true }, false],
    ['login page', { url: at('https://www.gate.com/login') }, false],
    ['login reset', { url: at('https://www.gate.com/zh/login/reset') }, false],
    ['live page', { url: at('https://www.gate.com/live') }, false],
    ['live video page', { url: at('https://www.gate.com/live/video/123') }, false],
    ['video page', { url: at('https://www.gate.com/video/abc') }, false],
    ['red packet signup', { url: at('https://www.gate.com/signup?from=code_redpacket_signup') }, false],
    ['red packet path', { url: at('https://www.gate.com/code_redpacket_signup/x') }, false],
    ['testnet host', { url: at('https://testnet.gate.com/') }, false],
    ['testnet dev host', { url: at('http://testnet.localhost:3000/') }, false],
    ['word containing live', { url: at('https://www.gate.com/delivery') }, true],
    ['signup page', { url: at('https://www.gate.com/signup') }, true],
    ['trade page', { url: at('https://www.gate.com/trade/BTC_USDT') }, true],
  ];
  it.each(table)('%s', (_n, patch, expected) => {
    expect(canShowChat({ ...base, ...patch })).toBe(expected);
  });
  it('blocks by host, path and query', () => {
    expect(isBlockedUrl(at('https://www.gate.com/x?next=/login'))).toBe(true);
    expect(isBlockedUrl(at('https://www.gate.com/price'))).toBe(false);
  });
});

describe('shouldReopen (spec 000 §4)', () => {
  it.each([
    [null, {}, false],
    ['1', {}, true],
    ['0', {}, false],
    [null, { chatroom: '' }, true],
    [null, { chatroom: '1' }, true],
    [null, { other: '1' }, false],
  ] as Array<[string | null, Record<string, string>, boolean]>)('flag %s, query %j → %s', (flag, query, expected) => {
    expect(shouldReopen(flag, query)).toBe(expected);
  });
  it('builds the entry URL', () => {
    expect(chatroomUrl('ar')).toBe('/groupchat/chatroom?platform=web&locale=ar');
  });
});
