/** Spec 000 §4 and §9: the drawer is unmounted this long after closing (its slide-out transition). */
export const UNMOUNT_DELAY_MS = 300;

/**
 * The drawer's life cycle: 'closed' (unmounted) → 'entering' (mounted off-screen) → 'open' (slid in) →
 * 'leaving' (sliding out; unmounted UNMOUNT_DELAY_MS later) → 'closed'.
 */
export type DrawerPhase = 'closed' | 'entering' | 'open' | 'leaving';
export type DrawerAction = 'open' | 'entered' | 'close' | 'unmount';

export function drawerReducer(phase: DrawerPhase, action: DrawerAction): DrawerPhase {
  switch (action) {
    case 'open':
      return phase === 'open' || phase === 'entering' ? phase : phase === 'leaving' ? 'open' : 'entering';
    case 'entered':
      return phase === 'entering' ? 'open' : phase;
    case 'close':
      return phase === 'open' || phase === 'entering' ? 'leaving' : phase;
    case 'unmount':
      return phase === 'leaving' ? 'closed' : phase;
  }
}

/** Whether the drawer's DOM exists in a phase. */
export const isMounted = (phase: DrawerPhase) => phase !== 'closed';
/** Whether the panel is in its on-screen position. */
export const isShown = (phase: DrawerPhase) => phase === 'open';
