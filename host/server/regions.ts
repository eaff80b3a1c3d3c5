import type { RegionConfig } from '../../core/config/region';

/** Resolves a request's region from its Host header (DESIGN.md: hosts). */
export class RegionDirectory {
  private readonly byKey: Map<string, RegionConfig>;
  private readonly byDomain = new Map<string, RegionConfig>();

  constructor(
    configs: RegionConfig[],
    private readonly defaultKey: string,
  ) {
    this.byKey = new Map(configs.map((c) => [c.key, c]));
    if (!this.byKey.has(defaultKey)) throw new Error(`SITE='${defaultKey}' is not a region (regions: ${[...this.byKey.keys()].join(', ')})`);
    for (const c of configs) {
      const domain = c.webSiteDomain.toLowerCase();
      this.byDomain.set(domain, c);
      this.byDomain.set(domain.replace(/^www\./, ''), c);
    }
  }

  get all(): RegionConfig[] {
    return [...this.byKey.values()];
  }

  get(key: string): RegionConfig | undefined {
    return this.byKey.get(key);
  }

  /** `localhost` / `main.localhost` → SITE (default main); `<key>.localhost` → that region; a region's domain → it. */
  forHost(hostHeader: string | undefined): RegionConfig {
    const host = hostName(hostHeader);
    const dev = /^([a-z]+)\.localhost$/.exec(host);
    if (dev && dev[1] !== 'main' && this.byKey.has(dev[1])) return this.byKey.get(dev[1])!;
    return this.byDomain.get(host) ?? this.byKey.get(this.defaultKey)!;
  }

  private domainMap?: Readonly<Record<string, string>>;

  /** Region key -> production domain (one frozen object: the boot state's region part is cached by identity). */
  domains(): Record<string, string> {
    return (this.domainMap ??= Object.freeze(Object.fromEntries(this.all.map((c) => [c.key, c.webSiteDomain]))));
  }
}

/** The host name of a Host header, lower-cased, without its port. */
export function hostName(hostHeader: string | undefined): string {
  const h = (hostHeader ?? '').trim().toLowerCase();
  if (h.startsWith('[')) return h.slice(0, h.indexOf(']') + 1);
  return h.replace(/:\d+$/, '');
}

/** ':3000' for a development host (localhost, *.localhost, 127.0.0.1), null otherwise. */
export function devPortOf(hostHeader: string | undefined): string | null {
  const host = hostName(hostHeader);
  if (host !== 'localhost' && !host.endsWith('.localhost') && host !== '127.0.0.1' && host !== '[::1]') return null;
  const m = /:(\d+)$/.exec(hostHeader ?? '');
  return m ? `:${m[1]}` : '';
}
