import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { escapeHtml, isAuthorized, operatorHtml, targetingSummary, type OperatorView } from './operator-page';

const TOKEN = 'x'.repeat(40);

describe('operator page', () => {
  it('accepts only the exact bearer token', () => {
    expect(isAuthorized(`Bearer ${TOKEN}`, TOKEN)).toBe(true);
    for (const header of [undefined, '', TOKEN, `Basic ${TOKEN}`, `Bearer ${TOKEN}x`, `Bearer ${TOKEN.slice(1)}`, 'Bearer ', `bearer${TOKEN}`])
      expect(isAuthorized(header, TOKEN), String(header)).toBe(false);
  });

  it('escapes every character that could open markup (property)', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (s) => {
        expect(escapeHtml(s)).not.toMatch(/[<>"'`]/);
        expect(escapeHtml(s).replace(/&#\d+;/g, '')).not.toContain('&');
      }),
    );
  });

  it('renders hostile names and options as text', () => {
    const evil = '<script>alert(1)</script>"\'';
    const view: OperatorView = {
      version: 'abc',
      pid: 1,
      regions: [
        {
          key: 'main',
          name: evil,
          version: 'v',
          plugins: [{ id: 'chat', options: { room: evil } }],
          disabled: [],
          switched: [{ id: evil, flag: evil, effect: evil }],
        },
      ],
      flags: [{ key: evil, state: 'ENABLED', variants: { on: evil }, defaultVariant: 'on', targeting: evil, decisions: { [evil]: 3, '': 1 } }],
      blocked: [{ part: evil, since: evil, serving: 'nothing', problems: [evil] }],
      reloads: [],
    };
    const html = operatorHtml(view);
    expect(html).not.toContain('<script');
    expect(html).toContain('&#60;script&#62;');
    expect(html).toContain('<span class="muted">no variant</span> 1');
  });

  it('summarizes targeting: splits and the fields read', () => {
    expect(targetingSummary(undefined)).toMatch(/^none/);
    expect(targetingSummary({ fractional: [{ var: 'uid' }, ['on', 10], ['off', 90]] })).toBe('split on 10 / off 90 on uid');
    expect(targetingSummary({ if: [{ in: [{ var: 'region' }, ['tr']] }, 'on', 'off'] })).toBe('rules on region');
  });
});
