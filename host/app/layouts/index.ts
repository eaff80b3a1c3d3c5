/** Host-only widgets (the footer float menu); page layouts live in core/react/layouts. */
export { mountFloatMenu, floatMenuLinks } from './float-menu';
