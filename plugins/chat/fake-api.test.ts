import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeApi, type RunningFakeApi } from '../../host/fake-api/testing';
import chatApi from './fake-api';

let api: RunningFakeApi;
beforeAll(async () => (api = await startFakeApi({ modules: [chatApi] })));
afterAll(() => api.close());

describe('chat entry pages', () => {
  it('serves the room page in the requested language, framable by this site only, cacheable for the prefetch', async () => {
    const res = await api.fetch('/groupchat/chatroom?platform=web&locale=ar');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/html');
    expect(res.headers.get('cache-control')).toBe('private, max-age=600');
    expect(res.headers.get('content-security-policy')).toBe("frame-ancestors 'self'");
    const html = await res.text();
    expect(html).toContain('<html lang="ar" dir="rtl">');
    expect(html).toContain('role="log"');
    expect(html).toContain('<label class="sr" for="msg">الرسالة</label>');
    expect(html).toContain("window.parent.postMessage({ type: 'chatroom:ready' }");
  });

  it('falls back to English and escapes the strings JSON inside the script', async () => {
    const html = await (await api.fetch('/groupchat/chatroom?platform=web&locale=<script>')).text();
    expect(html).toContain('<html lang="en" dir="ltr">');
    expect(html).not.toContain('<script>"');
    const json = /<script type="application\/json" id="room-strings">(.*?)<\/script>/s.exec(html)![1];
    expect(JSON.parse(json).replies.default).toMatch(/agent/);
  });

  it('serves the call-service page with the chat and ticket ways', async () => {
    const html = await (await api.fetch('/groupchat/call_service?platform=web&locale=zh')).text();
    expect(html).toContain('联系客服');
    expect(html).toContain('href="/groupchat/chatroom?platform=web&amp;locale=zh"');
    expect(html).toContain('href="/myaccount/tickets"');
  });
});
