/** Addresses gathered through WebRTC: local (host) candidates and the STUN server's view (srflx). */
export interface GatheredIps {
  ips: string[];
  stuns: string[];
}

/** Spec 001 §9: WebRTC real-IP time-out. */
const WEBRTC_TIMEOUT_MS = 3000;

const IPV4 = /^(25[0-5]|2[0-4]\d|1?\d?\d)(\.(25[0-5]|2[0-4]\d|1?\d?\d)){3}$/;
const IPV6 = /^[0-9a-f]{0,4}(:[0-9a-f]{0,4}){2,7}$/i;

/** An IPv4 or IPv6 literal (mDNS `*.local` names and anything else are not). */
export function isIp(value: string): boolean {
  return IPV4.test(value) || IPV6.test(value);
}

/** Reads an ICE candidate line: its type and address, plus the related (local) address of a srflx candidate. */
export function parseCandidate(line: string): { type: string; address: string; related: string | null } | null {
  const parts = line.replace(/^a=/, '').trim().split(/\s+/);
  if (!parts[0]?.startsWith('candidate:') || parts.length < 8 || parts[6] !== 'typ') return null;
  const raddr = parts.indexOf('raddr');
  return { type: parts[7], address: parts[4], related: raddr > 0 ? (parts[raddr + 1] ?? null) : null };
}

type PeerCtor = new (config: RTCConfiguration) => RTCPeerConnection;

/**
 * Gathers ICE candidates with a STUN server: host addresses go to `ips`, server-reflexive ones to `stuns`.
 * Resolves at the end of gathering or after the time-out; without WebRTC (or on any error) with what it has.
 */
export function gatherIps(opts: { stunServer: string; timeoutMs?: number; Peer?: PeerCtor | undefined }): Promise<GatheredIps> {
  const Peer = opts.Peer ?? (globalThis as { RTCPeerConnection?: PeerCtor }).RTCPeerConnection;
  const ips = new Set<string>();
  const stuns = new Set<string>();
  const result = () => ({ ips: [...ips], stuns: [...stuns] });
  if (typeof Peer !== 'function') return Promise.resolve(result());
  let pc: RTCPeerConnection;
  try {
    pc = new Peer({ iceServers: opts.stunServer ? [{ urls: opts.stunServer }] : [] });
  } catch {
    return Promise.resolve(result());
  }
  return new Promise((resolve) => {
    let done = false;
    const finish = () => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      try {
        pc.onicecandidate = null;
        pc.close();
      } catch {
        /* already closed */
      }
      resolve(result());
    };
    const timer = setTimeout(finish, opts.timeoutMs ?? WEBRTC_TIMEOUT_MS);
    pc.onicecandidate = (e) => {
      if (!e.candidate) return finish();
      const c = parseCandidate(e.candidate.candidate);
      if (!c) return;
      if (c.type === 'host' && isIp(c.address)) ips.add(c.address);
      if (c.type === 'srflx' && isIp(c.address)) {
        stuns.add(c.address);
        if (c.related && isIp(c.related) && c.related !== '0.0.0.0') ips.add(c.related);
      }
    };
    try {
      pc.createDataChannel('ip-check');
      pc.createOffer()
        .then((offer) => pc.setLocalDescription(offer))
        .catch(finish);
    } catch {
      finish();
    }
  });
}
