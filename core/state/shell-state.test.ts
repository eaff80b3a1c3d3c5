import { describe, expect, it } from 'vitest';
import type { Observable } from 'rxjs';
import { defaultShellData } from '../data/defaults';
import { localeInfo } from '../i18n/locales';
import { currentValue } from '../react/context';
import { ShellState } from './shell-state';

function state() {
  return new ShellState({
    data: defaultShellData(),
    route: { path: '/', query: {}, params: {} },
    locale: localeInfo('en')!,
    viewportWidth: 1280,
    inApp: false,
    mobileAgent: false,
  });
}

describe('ShellState parts of data$', () => {
  it('user$, site$ and compliance$ give their current value and emit only when their part changed', () => {
    const s = state();
    const users: unknown[] = [];
    const sites: unknown[] = [];
    s.user$.subscribe((u) => users.push(u));
    s.site$.subscribe((v) => sites.push(v));
    const first = s.data.user;
    s.update('user', { ...first, isLogin: true, uid: '7' });
    s.update('compliance', { ...s.data.compliance, menu: ['futures'] });
    expect(users).toEqual([first, { ...first, isLogin: true, uid: '7' }]);
    expect(sites).toEqual([s.data.site]);
    expect(currentValue(s.compliance$, null)?.menu).toEqual(['futures']);
  });

  it('complete with data$, and nothing stays subscribed', () => {
    const s = state();
    let completed = 0;
    for (const part of [s.user$, s.site$, s.compliance$] as Array<Observable<unknown>>) part.subscribe({ complete: () => completed++ });
    s.complete();
    expect(completed).toBe(3);
    expect(s.data$.observed).toBe(false);
  });
});
