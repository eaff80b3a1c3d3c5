import { CoinIcon, MenuIcon } from '../../kit';
import type { DepositLink } from './entries';

const PATHS: Record<DepositLink['key'], string> = {
  onchain: 'M7 12h10M12 7l5 5-5 5',
  gatecode: 'M5 8h14v8H5zM9 12h.01M12 12h.01M15 12h.01',
  card: 'M3 7h18v10H3zM3 10h18M7 14h4',
  bank: 'M4 10h16M6 10v7M10 10v7M14 10v7M18 10v7M3 19h18M12 4l8 4H4z',
  p2p: 'M8 8a3 3 0 1 0 0-.01M16 16a3 3 0 1 0 0-.01M10 15l4-6',
};

/** A small decorative icon per deposit method; the on-chain deposit shows the coin it deposits (CoinIcon). */
export function MethodIcon({ kind, coin }: { kind: DepositLink['key']; coin?: string }) {
  if (kind === 'onchain' && coin) {
    return (
      <span className="drawer__icon drawer__icon--coin" aria-hidden="true">
        <CoinIcon symbol={coin} size={28} decorative />
      </span>
    );
  }
  return (
    <span className="drawer__icon" aria-hidden="true">
      <MenuIcon d={PATHS[kind]} />
    </span>
  );
}
