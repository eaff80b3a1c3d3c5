import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { definePlugin } from '../plugin/define';
import { isLoggedIn } from '../data/rules';
import { DEFAULT_USER_STATE } from '../data/defaults';
import { createPluginTester } from './plugin-tester';

const probe = definePlugin({ id: 'probe' });

describe("the tester's core data", () => {
  it('has the user the server loads for the cookies: logged in, with their uid and nickname, exactly for login cookies', () => {
    const cookie = fc.oneof(fc.constantFrom('10001', 'alice', '', 'a b', 'x'.repeat(65)), fc.string({ maxLength: 8 }));
    fc.assert(
      fc.property(fc.record({ uid: cookie, nickname: cookie }, { requiredKeys: [] }), (cookies) => {
        const t = createPluginTester(probe, { cookies });
        const { user } = t.env.state.data;
        const loggedIn = isLoggedIn(cookies);
        expect(user.isLogin).toBe(loggedIn);
        expect([user.uid, user.nickname]).toEqual(loggedIn ? [cookies.uid, cookies.nickname] : ['', '']);
        t.dispose();
      }),
      { numRuns: 50 },
    );
  });

  it("takes the test's own user over the cookies", () => {
    const t = createPluginTester(probe, { cookies: { uid: '10001', nickname: 'alice' }, data: { user: DEFAULT_USER_STATE } });
    expect(t.env.state.data.user.isLogin).toBe(false);
    t.dispose();
  });
});
