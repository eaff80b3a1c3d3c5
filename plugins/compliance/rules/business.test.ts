import { describe, expect, it } from 'vitest';
import { isBarMessage, linkifyContent, okTarget, parseBusinessReply } from './business';

const msg = (over: Record<string, unknown> = {}) => ({
  title: 'T',
  content: '<p>Hi</p>',
  ok_button: 'OK',
  cancel_button: '',
  ok_button_router: '/help',
  text_link: [],
  no_close_button: 0,
  type: 'dialog',
  ...over,
});
const reply = (datas: unknown, code: unknown = 0) => ({ resMsg: { code, message: 'success' }, datas });

describe('parseBusinessReply', () => {
  it('shapes a code-0 reply with a datas list', () => {
    const [m] = parseBusinessReply(reply([msg({ no_close_button: 1, text_link: [{ key: 'Terms', link: '/user-agreement' }, { link: '/x' }, null] })]));
    expect(m).toMatchObject({
      title: 'T',
      content: '<p>Hi</p>',
      ok_button: 'OK',
      ok_button_router: '/help',
      no_close_button: true,
      type: 'dialog',
      reminder: false,
    });
    expect(m.text_link).toEqual([{ key: 'Terms', link: '/user-agreement' }]);
    expect(m.id).toMatch(/^b-dialog-/);
  });

  it.each([
    ['undefined (browser failure)', undefined],
    ['null', null],
    ['a string', 'oops'],
    ['no resMsg', { datas: [msg()] }],
    ['a non-zero code', reply([msg()], 1001)],
    ['a non-zero string code', reply([msg()], '500')],
    ['an empty list', reply([])],
    ['datas not a list', reply({ 0: msg() })],
    ['items without text', reply([msg({ title: '', content: '  ' }), 7, null])],
  ])('gives [] for %s', (_, r) => {
    expect(parseBusinessReply(r)).toEqual([]);
  });

  it('accepts the code as a string and marks reminder replies', () => {
    const [m] = parseBusinessReply(reply([msg()], '0'), true);
    expect(m.reminder).toBe(true);
    expect(m.id).toMatch(/^r-/);
  });

  it('sends bar types to the floating bar, never reminders', () => {
    expect(isBarMessage(parseBusinessReply(reply([msg({ type: 'bar' })]))[0])).toBe(true);
    expect(isBarMessage(parseBusinessReply(reply([msg({ type: 'bar' })]), true)[0])).toBe(false);
    expect(isBarMessage(parseBusinessReply(reply([msg()]))[0])).toBe(false);
  });
});

describe('okTarget', () => {
  const hosts = ['static.gate.com'];
  it.each<[string, string, string | null]>([
    ['/help', '', '/help'],
    ['/help', '/zh', '/zh/help'],
    ['/zh/help', '/zh', '/zh/help'],
    ['/', '/zh', '/zh/'],
    ['https://static.gate.com/doc.pdf', '/zh', 'https://static.gate.com/doc.pdf'],
    ['https://evil.example.com/steal', '', null],
    ['//evil.example.com', '', null],
    ['javascript:alert(1)', '', null],
    ['data:text/html,hi', '', null],
    ['', '', null],
  ])('%s (prefix %s) → %s', (router, prefix, expected) => {
    expect(okTarget(router, hosts, prefix)).toBe(expected);
  });
});

describe('linkifyContent', () => {
  it('puts safe links where the content names them and returns the rest', () => {
    const out = linkifyContent(
      '<p>See {Terms} and {Evil}.</p>',
      [
        { key: 'Terms', link: '/user-agreement' },
        { key: 'Evil', link: 'javascript:alert(1)' },
        { key: 'Support', link: '//evil.example.com' },
        { key: 'Docs', link: 'https://static.gate.com/a.pdf' },
      ],
      ['static.gate.com'],
    );
    expect(out.html).toBe('<p>See <a href="/user-agreement">Terms</a> and Evil.</p>');
    expect(out.rest).toEqual([
      { key: 'Support', href: null },
      { key: 'Docs', href: 'https://static.gate.com/a.pdf' },
    ]);
  });

  it('escapes keys so they cannot inject markup; a link is serialized by the URL parser', () => {
    const out = linkifyContent('{<img onerror=x>}', [{ key: '<img onerror=x>', link: '/a"b' }], []);
    expect(out.html).not.toContain('<img');
    expect(out.html).toContain('&#60;img onerror=x&#62;');
    expect(out.html).toContain('href="/a%22b"');
  });

  it('links a same-site path only as a browser would read it (never //… or /\\…)', () => {
    const hrefOf = (link: string) => linkifyContent('{k}', [{ key: 'k', link }], []).html.match(/href="([^"]*)"/)?.[1] ?? null;
    expect(hrefOf('/en//evil.example/x')).toBe('/en/evil.example/x');
    expect(hrefOf('/\\evil.example/x')).toBeNull();
    expect(hrefOf('/\t/evil.example/x')).toBeNull();
    expect(okTarget('/..//evil.example/x', [], '/zh')).toBe('/zh/evil.example/x');
    expect(okTarget('/\\evil.example', [], '')).toBeNull();
  });
});
