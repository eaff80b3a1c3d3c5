import { readdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createPluginTester } from '../../core/plugin-api/testing';
import plugin from './index';
import { PageHooks } from './check';
import type { IpCheckOptions } from './options';

const REGIONS = resolve(import.meta.dirname, '../../region-configs');

/** An RTCPeerConnection stand-in that records its configuration and ends gathering at once. */
function recordingPeer(configs: RTCConfiguration[]) {
  return class {
    onicecandidate: ((e: { candidate: null }) => void) | null = null;
    constructor(config: RTCConfiguration) {
      configs.push(config);
    }
    createDataChannel() {}
    async createOffer() {
      return {};
    }
    async setLocalDescription() {
      queueMicrotask(() => this.onicecandidate?.({ candidate: null }));
    }
    close() {}
  };
}

afterEach(() => vi.unstubAllGlobals());

describe('STUN server (no third party by default)', () => {
  it('names none by default: the page gathers host candidates only, asking no STUN server', async () => {
    const t = createPluginTester(plugin, { region: 'main' });
    const options = t.activation.options.get('ip-check') as unknown as IpCheckOptions;
    expect(options.stunServer).toBe('');
    const configs: RTCConfiguration[] = [];
    vi.stubGlobal('RTCPeerConnection', recordingPeer(configs));
    await new PageHooks(options).gather();
    expect(configs).toEqual([{ iceServers: [] }]);
    t.dispose();
  });

  it("uses the one a region's config names", async () => {
    const t = createPluginTester(plugin, { region: 'main', options: { stunServer: 'stun:stun.exchange.example:3478' } });
    const configs: RTCConfiguration[] = [];
    vi.stubGlobal('RTCPeerConnection', recordingPeer(configs));
    await new PageHooks(t.activation.options.get('ip-check') as unknown as IpCheckOptions).gather();
    expect(configs).toEqual([{ iceServers: [{ urls: 'stun:stun.exchange.example:3478' }] }]);
    t.dispose();
  });

  it('no shipped region config names a STUN server (an operator adds its own)', () => {
    for (const file of readdirSync(REGIONS).filter((f) => f.endsWith('.json'))) {
      const config = JSON.parse(readFileSync(resolve(REGIONS, file), 'utf8')) as { plugins?: Record<string, { options?: { stunServer?: string } }> };
      expect(config.plugins?.['ip-check']?.options?.stunServer ?? '', file).toBe('');
    }
  });
});
