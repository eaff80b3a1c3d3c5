import type { HttpClient } from '../../core/plugin-api';

/** Login endpoints: login is spec-given; register, OAuth and wallet login are "not shown" (chosen here). */
export const AUTH_API = {
  login: '/api/web/v1/usercenter/login',
  register: '/api/web/v1/usercenter/register',
  oauthLogin: '/api/web/v1/usercenter/oauth_login',
  walletNonce: '/api/web/v1/usercenter/wallet_nonce',
  walletLogin: '/api/web/v1/usercenter/wallet_login',
} as const;

/** The usual reply envelope; undefined when the call failed (browser client). */
export type Reply<T = unknown> = { code?: number; message?: string; data?: T } | undefined;

export const logIn = (http: HttpClient, account: string, password: string): Promise<Reply> => http.post(AUTH_API.login, { account, password });

export const register = (http: HttpClient, body: { account: string; password: string; ch: string }): Promise<Reply> =>
  http.post(AUTH_API.register, { ...body, agree: 1 });

export const oauthLogin = (http: HttpClient, provider: string, code: string): Promise<Reply> => http.post(AUTH_API.oauthLogin, { provider, code });

export const walletNonce = (http: HttpClient, address: string): Promise<Reply<{ message: string }>> => http.post(AUTH_API.walletNonce, { address });

export const walletLogin = (http: HttpClient, address: string, signature: string): Promise<Reply> => http.post(AUTH_API.walletLogin, { address, signature });
