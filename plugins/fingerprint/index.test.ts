import { describe, expect, it } from 'vitest';
import { createPluginTester } from '../../core/plugin-api/testing';
import plugin, { FINGERPRINT } from './index';

const hex = (s: number) => Math.floor(s).toString(16).padStart(8, '0');

describe('fingerprint plugin', () => {
  it('server: provides the cookie value when valid and fresh, nothing else, no effects', async () => {
    const good = hex(Date.now() / 1000 - 60) + 'b'.repeat(32);
    const t = createPluginTester(plugin, { side: 'server', cookies: { finger_print: good } });
    expect(t.service(FINGERPRINT).current()).toBe(good);
    expect(await t.service(FINGERPRINT).ready()).toBe(good);
    expect(t.activation.effects).toHaveLength(0);
    t.dispose();
    const forged = createPluginTester(plugin, { side: 'server', cookies: { finger_print: 'forged' } });
    expect(forged.service(FINGERPRINT).current()).toBeNull();
    forged.dispose();
  });

  it('browser: one effect; defaults of the schema are the spec numbers', () => {
    const t = createPluginTester(plugin, {});
    expect(t.activation.effects).toHaveLength(1);
    expect(t.activation.options.get('fingerprint')).toMatchObject({
      maxAgeSeconds: 86400,
      maxRetries: 3,
      sdkSrc: '/dfdid/udid/c1',
      sdkWaitMs: 1000,
      sdkPollMs: 50,
    });
    t.dispose();
  });
});
