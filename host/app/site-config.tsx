import { createContext, useContext } from 'react';
import type { RegionConfig } from '../../core/config/region';

/** The page's whole region config, for the host's own parts: plugins see only its site facts (`env.region`). */
const SiteConfig = createContext<RegionConfig | null>(null);

export const SiteConfigProvider = SiteConfig.Provider;

/** The page's region config (inside the host layout, which provides it from the boot state). */
export function useSiteConfig(): RegionConfig {
  const config = useContext(SiteConfig);
  if (!config) throw new Error('useSiteConfig() outside the App: render it inside the host layout');
  return config;
}
