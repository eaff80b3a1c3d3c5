/** Loads the device-id SDK script (spec 000 §7: /dfdid/udid/c1 on the own origin) and waits for it to start. */

/** What the SDK script defines on window. */
export interface DeviceIdSdk {
  getId(): Promise<string>;
}

declare global {
  interface Window {
    DFDID?: DeviceIdSdk;
  }
}

/** The two SDK failures of spec 000 §8. */
export const SDK_LOAD_ERROR = 'failed to load script';
export const SDK_INIT_ERROR = 'SDK failed to initialize after loading';

export interface LoadSdkOptions {
  src: string;
  /** How long to wait for window.DFDID after the script loaded (spec: 1000 ms). */
  waitMs: number;
  /** Polling interval while waiting (spec: 50 ms). */
  pollMs: number;
  doc?: Document;
  win?: Window;
}

const ATTR = 'data-fingerprint-sdk';

function ready(win: Window): DeviceIdSdk | null {
  const sdk = win.DFDID;
  return sdk && typeof sdk.getId === 'function' ? sdk : null;
}

/** Polls for the SDK every pollMs up to waitMs; rejects with SDK_INIT_ERROR when it never appears. */
function waitForSdk(win: Window, waitMs: number, pollMs: number): Promise<DeviceIdSdk> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const check = () => {
      const sdk = ready(win);
      if (sdk) return resolve(sdk);
      if (Date.now() - started >= waitMs) return reject(new Error(SDK_INIT_ERROR));
      setTimeout(check, pollMs);
    };
    check();
  });
}

/**
 * Injects the SDK script (once per attempt: a previous failed tag is replaced) and resolves with the SDK.
 * Rejects with 'failed to load script' (network, 404) or 'SDK failed to initialize after loading'.
 */
export function loadSdk({ src, waitMs, pollMs, doc = document, win = window }: LoadSdkOptions): Promise<DeviceIdSdk> {
  const present = ready(win);
  if (present) return Promise.resolve(present);
  doc.querySelectorAll(`script[${ATTR}]`).forEach((old) => old.remove());
  return new Promise((resolve, reject) => {
    const script = doc.createElement('script');
    script.src = src;
    script.async = true;
    script.setAttribute(ATTR, '');
    script.onerror = () => reject(new Error(SDK_LOAD_ERROR));
    script.onload = () => waitForSdk(win, waitMs, pollMs).then(resolve, reject);
    (doc.head ?? doc.documentElement).appendChild(script);
  });
}

/** Rejects when a promise takes longer than ms. */
export function withTimeout<T>(promise: Promise<T>, ms: number, message: string): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(message)), ms);
    promise.finally(() => clearTimeout(timer)).then(resolve, reject);
  });
}
