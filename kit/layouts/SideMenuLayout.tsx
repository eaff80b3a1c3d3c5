import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { useNamespaceT } from '../../core/plugin-api';
import { choiceIn, sideMenuBand, sideMenuState, toggledChoice, type SideMenuToggle, type SideMenuVariant } from './side-menu-model';
import { useBeyondHydration, useViewport } from './use-viewport';
import './side-menu.css';

export interface SideMenuItem {
  key: string;
  label: string;
  href: string;
  /** A small icon (decorative); collapsed menus show it alone. */
  icon?: ReactNode;
  /** The current page. */
  active?: boolean;
}

export interface SideMenuLayoutProps {
  variant: SideMenuVariant;
  items: SideMenuItem[];
  /** Accessible name of the menu's navigation landmark. */
  label: string;
  children: ReactNode;
  onModeChange?: (mode: 'expanded' | 'collapsed' | 'mobile') => void;
}

/** The menu's links; a collapsed menu shows icons, with each label as the link's title. */
function SideMenuList({ items, collapsed, onNavigate }: { items: SideMenuItem[]; collapsed: boolean; onNavigate: () => void }) {
  return (
    <ul className="shell-sidemenu__list" role="list">
      {items.map((item) => (
        <li key={item.key}>
          <a
            className={`shell-sidemenu__link${item.active ? ' is-active' : ''}`}
            href={item.href}
            aria-current={item.active ? 'page' : undefined}
            title={collapsed ? item.label : undefined}
            onClick={onNavigate}
          >
            <span className="shell-sidemenu__icon" aria-hidden="true">
              {item.icon ?? item.label.slice(0, 1)}
            </span>
            <span className="shell-sidemenu__label">{item.label}</span>
          </a>
        </li>
      ))}
    </ul>
  );
}

/** The aside's collapse/expand button for a menu shown `shown` (`data-shown` lets CSS pick one before the width is known). */
function SideMenuToggleButton({
  shown,
  label,
  controls,
  onToggle,
}: {
  shown: 'expanded' | 'collapsed';
  label: string;
  controls: string;
  onToggle: () => void;
}) {
  return (
    <button
      type="button"
      className="shell-sidemenu__toggle"
      data-shown={shown}
      aria-expanded={shown === 'expanded'}
      aria-controls={controls}
      aria-label={label}
      onClick={onToggle}
    >
      <span aria-hidden="true" className="shell-sidemenu__chevron" />
    </button>
  );
}

/**
 * A page with a left-side menu (spec 001 §2 Layout): 'account' (300/104 px, collapses at 1439, dropdown at 992)
 * or 'trade' (288/96 px, 256 up to 1024, collapses at 1248, dropdown at 768). The toggle is a button with
 * aria-expanded; on mobile the menu is a dropdown closed by Escape. Sides follow `dir` (logical CSS).
 * It hydrates with the server's viewport guess, then follows the window (README: "Viewport and toggle").
 */
export function SideMenuLayout({ variant, items, label, children, onModeChange }: SideMenuLayoutProps) {
  const { t } = useNamespaceT('shell');
  const viewport = useViewport();
  const [toggle, setToggle] = useState<SideMenuToggle | null>(null);
  const [open, setOpen] = useState(false);
  const band = sideMenuBand(variant, viewport.width);
  // Laid out for the server's guess (server and hydrating render): the side menu's width and collapse are CSS's, by the
  // same breakpoints and the real window, so the page does not move when the width becomes known (side-menu.css).
  const beyondHydration = useBeyondHydration();
  const guessed = !beyondHydration && band !== 'mobile';
  // Crossing a breakpoint drops the user's toggle and closes the dropdown (state adjusted while rendering). A toggle
  // made on the guess's layout is in the real window's band: it holds until the width is known, then applies.
  if (toggle && !guessed && toggle.band !== band) setToggle(null);
  if (open && band !== 'mobile') setOpen(false);
  const navId = useId();
  const toggleRef = useRef<HTMLButtonElement>(null);
  const state = sideMenuState(variant, viewport.width, choiceIn(toggle, band));

  useEffect(() => onModeChange?.(state.mode), [state.mode, onModeChange]);

  const text = (key: 'collapse' | 'expand' | 'menu') => t(`layout.sideMenu.${key}`);
  const current = items.find((i) => i.active);
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'Escape' && open) {
      setOpen(false);
      toggleRef.current?.focus();
    }
  };

  const list = (collapsed: boolean) => <SideMenuList items={items} collapsed={collapsed} onNavigate={() => setOpen(false)} />;

  const dropdownId = `${navId}-dropdown`;
  return (
    <div
      className={`shell-sidemenu-layout shell-sidemenu-layout--${variant} ${guessed ? 'is-guess' : `is-${state.mode}`}`}
      data-viewport-width={viewport.width}
      onKeyDown={onKeyDown}
    >
      {/* The guess carries both: CSS shows the one the real window takes, so a phone-width window sees its dropdown. */}
      {(guessed || state.mode === 'mobile') && (
        <div className="shell-sidemenu-dropdown">
          <button
            ref={toggleRef}
            type="button"
            className="shell-sidemenu__dropdown-toggle"
            aria-expanded={open}
            aria-controls={dropdownId}
            onClick={() => setOpen((o) => !o)}
          >
            <span className="shell-sidemenu__sr">{text('menu')}: </span>
            {current?.label ?? label}
            <span className="shell-sidemenu__caret" aria-hidden="true" />
          </button>
          <nav id={dropdownId} aria-label={label} hidden={!open}>
            {list(false)}
          </nav>
        </div>
      )}
      {state.mode !== 'mobile' && (
        <aside className="shell-sidemenu" style={guessed ? undefined : { inlineSize: state.width ?? undefined }}>
          {guessed ? (
            // Before the width is known, a toggle for each state: CSS shows the one the real window's layout has, so
            // its aria-expanded is true to what is seen, and a click is made in the real window's band.
            (['expanded', 'collapsed'] as const).map((shown) => (
              <SideMenuToggleButton
                key={shown}
                shown={shown}
                label={text(shown === 'expanded' ? 'collapse' : 'expand')}
                controls={navId}
                onToggle={() => setToggle({ choice: toggledChoice(shown), band: sideMenuBand(variant, window.innerWidth) })}
              />
            ))
          ) : (
            <SideMenuToggleButton
              shown={state.mode === 'expanded' ? 'expanded' : 'collapsed'}
              label={state.mode === 'expanded' ? text('collapse') : text('expand')}
              controls={navId}
              onToggle={() => setToggle({ choice: toggledChoice(state.mode), band })}
            />
          )}
          <nav id={navId} aria-label={label}>
            {list(state.mode === 'collapsed')}
          </nav>
        </aside>
      )}
      <div className="shell-sidemenu-layout__content">{children}</div>
    </div>
  );
}
