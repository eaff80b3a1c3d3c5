import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isOfficialHost } from './anti-phishing';

const main = { antiDomains: ['gate.com', 'gate.io'], webSiteDomain: 'www.gate.com' };
const label = fc.stringMatching(/^[a-z0-9]([a-z0-9-]{0,10}[a-z0-9])?$/);

describe('isOfficialHost', () => {
  it("takes the official domains, the names under them and the site's own domain, in any case, with or without the final dot", () => {
    for (const host of ['gate.com', 'www.gate.com', 'GATE.IO', 'm.www.gate.com', 'gate.com.', 'api.gate.io'])
      expect(isOfficialHost(host, main), host).toBe(true);
    expect(isOfficialHost('www.gate.us', { antiDomains: ['gate.io'], webSiteDomain: 'www.gate.us' })).toBe(true);
  });

  it('refuses a name that only ends like one, holds one as a label, or looks like one', () => {
    for (const host of ['evilgate.com', 'gate.com.evil.io', 'gate-com.io', 'gate.co', 'xn--gte-8cd.com', 'gate.com-login.net', 'wwwgate.com'])
      expect(isOfficialHost(host, main), host).toBe(false);
  });

  it("takes the developer's machine: localhost, its subdomains and the loopback address", () => {
    for (const host of ['localhost', 'eu.localhost', '127.0.0.1', '[::1]']) expect(isOfficialHost(host, main), host).toBe(true);
    for (const host of ['localhost.evil.io', 'evil-localhost', '10.0.0.1']) expect(isOfficialHost(host, main), host).toBe(false);
  });

  it('is official exactly when the name is an official domain or ends with a dot and one', () => {
    fc.assert(
      fc.property(fc.array(label, { maxLength: 3 }), fc.constantFrom('gate.com', 'gate.io', 'gate.net', 'agate.com', 'com'), (prefix, domain) => {
        const host = [...prefix, domain].join('.');
        const official = ['gate.com', 'gate.io'].some((d) => host === d || host.endsWith(`.${d}`));
        expect(isOfficialHost(host, main)).toBe(official);
      }),
    );
  });
});
