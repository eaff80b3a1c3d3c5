import { describe, expect, it, vi } from 'vitest';
import { gatherIps, isIp, parseCandidate } from './webrtc';

describe('parseCandidate', () => {
  it.each([
    [
      'candidate:842163049 1 udp 1677729535 203.0.113.7 54321 typ srflx raddr 192.168.1.20 rport 54321 generation 0',
      { type: 'srflx', address: '203.0.113.7', related: '192.168.1.20' },
    ],
    ['a=candidate:1 1 udp 2122260223 192.168.1.20 50000 typ host generation 0', { type: 'host', address: '192.168.1.20', related: null }],
    [
      'candidate:1 1 udp 2122260223 6b1e7c2a-1111-4bbb-9ccc-1234567890ab.local 50000 typ host',
      { type: 'host', address: '6b1e7c2a-1111-4bbb-9ccc-1234567890ab.local', related: null },
    ],
    ['garbage', null],
    ['candidate:1 1 udp', null],
  ])('%s', (line, expected) => {
    expect(parseCandidate(line)).toEqual(expected);
  });
  it('recognizes IP literals only', () => {
    expect(['203.0.113.7', '2001:db8::1', 'fe80::1'].every(isIp)).toBe(true);
    expect(['abc.local', '999.1.1.1', '', '1.2.3'].some(isIp)).toBe(false);
  });
});

/** A scripted RTCPeerConnection: emits the given candidate lines, then (optionally) the end of gathering. */
function fakePeer(lines: string[], end = true) {
  const instances: Array<{ closed: boolean; config: RTCConfiguration }> = [];
  class Peer {
    onicecandidate: ((e: { candidate: { candidate: string } | null }) => void) | null = null;
    closed = false;
    constructor(readonly config: RTCConfiguration) {
      instances.push(this);
    }
    createDataChannel() {}
    async createOffer() {
      return { type: 'offer', sdp: '' };
    }
    async setLocalDescription() {
      queueMicrotask(() => {
        for (const l of lines) this.onicecandidate?.({ candidate: { candidate: l } });
        if (end) this.onicecandidate?.({ candidate: null });
      });
    }
    close() {
      this.closed = true;
    }
  }
  return { Peer: Peer as unknown as new (c: RTCConfiguration) => RTCPeerConnection, instances };
}

describe('gatherIps', () => {
  it('sorts host addresses into ips and STUN answers into stuns, dropping mDNS names, and closes the connection', async () => {
    const { Peer, instances } = fakePeer([
      'candidate:1 1 udp 2122260223 abcd.local 50000 typ host',
      'candidate:2 1 udp 2122260223 10.0.0.5 50001 typ host',
      'candidate:3 1 udp 1677729535 203.0.113.7 54321 typ srflx raddr 0.0.0.0 rport 0',
      'candidate:4 1 udp 1677729535 203.0.113.7 54322 typ srflx raddr 10.0.0.5 rport 50001',
    ]);
    expect(await gatherIps({ stunServer: 'stun:stun.example:3478', Peer })).toEqual({ ips: ['10.0.0.5'], stuns: ['203.0.113.7'] });
    expect(instances[0].config).toEqual({ iceServers: [{ urls: 'stun:stun.example:3478' }] });
    expect(instances[0].closed).toBe(true);
  });

  it('gives up after the 3000 ms time-out with what it has', async () => {
    vi.useFakeTimers();
    try {
      const { Peer } = fakePeer(['candidate:2 1 udp 2122260223 10.0.0.5 50001 typ host'], false);
      const pending = gatherIps({ stunServer: 'stun:stun.example', Peer });
      await vi.advanceTimersByTimeAsync(2999);
      let settled = false;
      void pending.then(() => (settled = true));
      await Promise.resolve();
      expect(settled).toBe(false);
      await vi.advanceTimersByTimeAsync(1);
      expect(await pending).toEqual({ ips: ['10.0.0.5'], stuns: [] });
    } finally {
      vi.useRealTimers();
    }
  });

  it('answers empty lists without WebRTC or when it throws', async () => {
    expect(await gatherIps({ stunServer: '', Peer: undefined })).toEqual({ ips: [], stuns: [] });
    const Broken = function () {
      throw new Error('blocked');
    } as unknown as new (c: RTCConfiguration) => RTCPeerConnection;
    expect(await gatherIps({ stunServer: '', Peer: Broken })).toEqual({ ips: [], stuns: [] });
  });
});
