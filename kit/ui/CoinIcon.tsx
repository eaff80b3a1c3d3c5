import { useEffect, useRef, useState } from 'react';
import { useShellData, COIN_ICON_DEFAULTS, DEFAULT_COIN_ICON, coinIconUrl, isVersionedCoin } from '../../core/plugin-api';
import { useCoinIconVersion } from './coin-icon-version';

export interface CoinIconProps {
  /** Coin symbol ('BTC'). */
  symbol: string;
  /** Rendered and requested width in px (default 28). */
  size?: number;
  /** Image quality parameter (default 75). */
  quality?: number;
  /** Alternative text; default the upper-cased symbol. */
  alt?: string;
  /** Next to a visible symbol: hidden from screen readers (alt=""). */
  decorative?: boolean;
  className?: string;
  /** Icon host and path (default COIN_ICON_BASE). */
  base?: string;
}

/**
 * A coin icon: width 28 and quality 75 by default, the hourly cache-busting version for coins in
 * commonConfig.coinIconVersionWhiteList, and the default coin icon when the image fails to load.
 */
export function CoinIcon({ symbol, size = COIN_ICON_DEFAULTS.width, quality = COIN_ICON_DEFAULTS.quality, alt, decorative, className, base }: CoinIconProps) {
  const { commonConfig } = useShellData();
  // Remembers which symbol failed, so a new symbol gets a fresh attempt.
  const [failedFor, setFailedFor] = useState<string | null>(null);
  const failed = failedFor === symbol;
  const ref = useRef<HTMLImageElement>(null);
  const whitelist = commonConfig.coinIconVersionWhiteList;
  const version = useCoinIconVersion(isVersionedCoin(symbol, whitelist));
  const src = failed ? DEFAULT_COIN_ICON : coinIconUrl(symbol, { width: size, quality, whitelist, base, version });

  // An image that failed before hydration never fires onError for React: check once mounted.
  useEffect(() => {
    const img = ref.current;
    if (img && img.complete && img.naturalWidth === 0 && img.currentSrc && img.currentSrc !== DEFAULT_COIN_ICON) setFailedFor(symbol);
    // Only the server-rendered image needs this check.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  return (
    <img
      ref={ref}
      className={className ? `shell-coin-icon ${className}` : 'shell-coin-icon'}
      src={src}
      width={size}
      height={size}
      alt={decorative ? '' : (alt ?? symbol.toUpperCase())}
      aria-hidden={decorative ? true : undefined}
      loading="lazy"
      decoding="async"
      onError={() => !failed && setFailedFor(symbol)}
    />
  );
}
