import { definePlugin, lazyPage, lazyView } from '../../core/plugin-api';
import schema from './schema.json';
import type { AuthOptions } from './options';
import { checkClientIds } from './options-check';
import { AuthStore } from './store';
import { AUTH_STORE } from './refs';

// Views load when shown: the modal's forms when it opens, the pages when their route matches.
const AuthModal = lazyView(() => import('./AuthModal').then((m) => m.AuthModal));
const LoginPage = lazyPage(() => import('./AuthPage').then((m) => m.LoginPage));
const SignupPage = lazyPage(() => import('./AuthPage').then((m) => m.SignupPage));
const OAuthCallbackPage = lazyPage(() => import('./OAuthCallbackPage').then((m) => m.OAuthCallbackPage));

export { AUTH_PLUGIN, AUTH_STORE } from './refs';
export { AuthStore, initialAuthState, type AuthMode, type AuthState } from './store';

/**
 * The registration/login modal (spec 000 §2, §4, §6): opens on /login and /signup and on the 'auth:open' event;
 * login and signup forms, third-party login per region, OAuth callback page.
 */
export default definePlugin<AuthOptions>({
  id: 'auth',
  options: schema,
  checkOptions: checkClientIds,
  routes: () => [
    { path: '/login', component: LoginPage, titleKey: 'login.docTitle' },
    { path: '/signup', component: SignupPage, titleKey: 'signup.docTitle' },
    { path: '/login/oauth/:provider', component: OAuthCallbackPage, titleKey: 'oauth.title' },
  ],
  slotEntries: ({ modalPriority }) => [
    { slot: 'modal', key: 'auth', priority: modalPriority, active: (_env, services) => services.get(AUTH_STORE).open$, render: AuthModal },
  ],
  setup(ctx) {
    // Built by the request container on first use (the modal entry asks first), from the page's route and cookies.
    ctx.provide(AUTH_STORE, AuthStore);
    const store = () => ctx.get(AUTH_STORE);
    ctx.onTeardown(() => store().dispose());
    ctx.effect(() => {
      const open = ({ mode: next }: { mode: 'login' | 'signup' }) => store().open(next === 'signup' ? 'signup' : 'login');
      ctx.bus.on('auth:open', open);
      return () => ctx.bus.off('auth:open', open);
    });
  },
});
