import { availableParallelism } from 'node:os';
import { describe, expect, it } from 'vitest';
import { SettingsError, settingsFromEnv } from './settings';

describe('settingsFromEnv', () => {
  it('defaults: port 3000, the fake API, one worker, no trusted proxy, the access log and page reuse on', () => {
    expect(settingsFromEnv({})).toEqual({
      port: 3000,
      site: undefined,
      apiOrigin: undefined,
      fakeApi: true,
      workers: 1,
      trustProxy: 0,
      accessLog: true,
      pageReuse: true,
      only: undefined,
      limits: {
        requestTimeoutMs: 30_000,
        headersTimeoutMs: 10_000,
        keepAliveTimeoutMs: 5000,
        sendTimeoutMs: 30_000,
        maxConnections: 2048,
        drainDelayMs: 5000,
        backendReplyLimitBytes: 1_048_576,
      },
    });
    // Empty values count as unset.
    expect(settingsFromEnv({ PORT: '', WORKERS: '', TRUST_PROXY: '', ACCESS_LOG: '', FAKE_API: '', API_ORIGIN: ' ', SITE: '' })).toEqual(settingsFromEnv({}));
  });

  it('reads every variable', () => {
    const s = settingsFromEnv({
      PORT: '8080',
      SITE: ' tr ',
      WORKERS: '3',
      TRUST_PROXY: '2',
      ACCESS_LOG: 'off',
      PAGE_REUSE: '0',
      SHELL_ONLY: 'compliance, auth,,',
    });
    expect(s).toMatchObject({
      port: 8080,
      site: 'tr',
      workers: 3,
      trustProxy: 2,
      accessLog: false,
      pageReuse: false,
      only: ['compliance', 'auth'],
      fakeApi: true,
    });
    expect(settingsFromEnv({ PORT: '0' }).port).toBe(0);
    for (const off of ['0', 'false', 'FALSE', 'no', 'off']) expect(settingsFromEnv({ ACCESS_LOG: off }).accessLog, off).toBe(false);
    for (const on of ['1', 'true', 'yes']) expect(settingsFromEnv({ ACCESS_LOG: on }).accessLog, on).toBe(true);
  });

  it('API_ORIGIN turns the fake API off (even with FAKE_API=1) and defaults WORKERS to the available cores', () => {
    const s = settingsFromEnv({ API_ORIGIN: 'https://api.example.com//', FAKE_API: '1' });
    expect(s.apiOrigin).toBe('https://api.example.com');
    expect(s.fakeApi).toBe(false);
    expect(s.workers).toBe(availableParallelism());
    expect(settingsFromEnv({ API_ORIGIN: 'http://127.0.0.1:9000', FAKE_API: '0', WORKERS: '2' })).toMatchObject({
      apiOrigin: 'http://127.0.0.1:9000',
      fakeApi: false,
      workers: 2,
    });
  });

  it('FAKE_API=0 without API_ORIGIN is refused with what to set', () => {
    for (const value of ['0', 'false', 'off']) {
      expect(() => settingsFromEnv({ FAKE_API: value })).toThrow(SettingsError);
      expect(() => settingsFromEnv({ FAKE_API: value })).toThrow(/API_ORIGIN/);
    }
  });

  it('refuses an API_ORIGIN that is not an http(s) origin', () => {
    for (const bad of ['api.example.com', 'ftp://api.example.com', 'http://', '//api.example.com', 'https://api.example.com/gw']) {
      expect(() => settingsFromEnv({ API_ORIGIN: bad }), bad).toThrow(SettingsError);
    }
  });

  it('reads the connection limits and the drain delay', () => {
    const env = {
      REQUEST_TIMEOUT_MS: '15000',
      HEADERS_TIMEOUT_MS: '4000',
      KEEP_ALIVE_TIMEOUT_MS: '2000',
      SEND_TIMEOUT_MS: '7000',
      MAX_CONNECTIONS: '64',
      DRAIN_DELAY_MS: '0',
    };
    expect(settingsFromEnv(env).limits).toEqual({
      requestTimeoutMs: 15000,
      headersTimeoutMs: 4000,
      keepAliveTimeoutMs: 2000,
      sendTimeoutMs: 7000,
      maxConnections: 64,
      drainDelayMs: 0,
      backendReplyLimitBytes: 1_048_576,
    });
  });

  it('reads the back-end reply limit in bytes (1 KiB to 1 GiB)', () => {
    expect(settingsFromEnv({ BACKEND_REPLY_LIMIT_BYTES: '5242880' }).limits.backendReplyLimitBytes).toBe(5_242_880);
    expect(settingsFromEnv({ BACKEND_REPLY_LIMIT_BYTES: '1073741824' }).limits.backendReplyLimitBytes).toBe(1024 ** 3);
    for (const bad of ['1023', '1073741825', '1MB', '-1', '99999999999'])
      expect(() => settingsFromEnv({ BACKEND_REPLY_LIMIT_BYTES: bad }), bad).toThrow(SettingsError);
  });

  it('refuses bad numbers, naming the variable', () => {
    const cases: Array<[string, string]> = [
      ['PORT', 'abc'],
      ['PORT', '-1'],
      ['PORT', '80.5'],
      ['PORT', '0x10'],
      ['PORT', '1e3'],
      ['PORT', '70000'],
      ['WORKERS', '0'],
      ['WORKERS', 'two'],
      ['WORKERS', '-2'],
      ['TRUST_PROXY', '-1'],
      ['TRUST_PROXY', 'true'],
      ['TRUST_PROXY', '1.5'],
      ['REQUEST_TIMEOUT_MS', '500'],
      ['HEADERS_TIMEOUT_MS', '10s'],
      ['KEEP_ALIVE_TIMEOUT_MS', '9999999'],
      ['SEND_TIMEOUT_MS', '999'],
      ['MAX_CONNECTIONS', '1'],
      ['DRAIN_DELAY_MS', '-5'],
    ];
    for (const [name, value] of cases) {
      let error: unknown;
      try {
        settingsFromEnv({ [name]: value });
      } catch (err) {
        error = err;
      }
      expect(error, `${name}=${value}`).toBeInstanceOf(SettingsError);
      expect((error as Error).message).toContain(`${name}='${value}'`);
    }
  });

  it('reads the config folder and the operator token, refusing a short or odd token', () => {
    const token = 'a'.repeat(32);
    expect(settingsFromEnv({ REGION_CONFIGS_DIR: ' /etc/shell/configs ', OPERATOR_TOKEN: token })).toMatchObject({
      regionConfigsDir: '/etc/shell/configs',
      operatorToken: token,
    });
    for (const bad of ['a'.repeat(31), `${'a'.repeat(32)} b`, `${'a'.repeat(32)}\u00e9`, 'a'.repeat(513)])
      expect(() => settingsFromEnv({ OPERATOR_TOKEN: bad }), bad).toThrow(/OPERATOR_TOKEN must be 32 to 512 visible ASCII characters/);
  });

  it("believes the proxy's identity header only behind a trusted proxy, and never a header with another meaning", () => {
    expect(settingsFromEnv({ OPERATOR_IDENTITY_HEADER: ' X-Forwarded-User ', TRUST_PROXY: '1' }).operatorIdentityHeader).toBe('x-forwarded-user');
    expect(settingsFromEnv({}).operatorIdentityHeader).toBeUndefined();
    expect(() => settingsFromEnv({ OPERATOR_IDENTITY_HEADER: 'X-Forwarded-User' })).toThrow(/needs TRUST_PROXY of 1 or more/);
    for (const bad of ['Authorization', 'cookie', 'X-Forwarded-For', 'x user', 'x:user'])
      expect(() => settingsFromEnv({ OPERATOR_IDENTITY_HEADER: bad, TRUST_PROXY: '1' }), bad).toThrow(/OPERATOR_IDENTITY_HEADER=/);
  });
});
