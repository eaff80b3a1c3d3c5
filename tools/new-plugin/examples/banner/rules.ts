import type { WelcomeOptions } from './options.generated';

/** Whether the banner shows to a visitor (`isLogin` false) or a logged-in user, by its `audience` option. */
export function showsTo(audience: WelcomeOptions['audience'], isLogin: boolean): boolean {
  return audience === 'everyone' || (audience === 'users') === isLogin;
}
