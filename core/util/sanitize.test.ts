// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { sanitizeHtml } from './sanitize';

describe('sanitizeHtml', () => {
  it('marks an image the server sent without alt as decorative and keeps a given alt', async () => {
    const out = await sanitizeHtml('<p>Notice <img src="/a.png"> <img src="/b.png" alt="Logo"></p>', []);
    const doc = new DOMParser().parseFromString(out, 'text/html');
    expect([...doc.images].map((i) => i.getAttribute('alt'))).toEqual(['', 'Logo']);
  });

  it('still drops handlers and off-site links', async () => {
    const out = await sanitizeHtml('<a href="https://evil.example/x" onclick="x()">go</a><img src="/c.png" onerror="x()">', []);
    expect(out).not.toMatch(/onclick|onerror|evil\.example/);
  });
});
