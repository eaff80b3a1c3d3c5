/** Page layouts and shell widgets (spec 001 §2, §9). */
export { SideMenuLayout, type SideMenuItem, type SideMenuLayoutProps } from './SideMenuLayout';
export { SIDE_MENU_SPECS, sideMenuState, sideMenuBand, toggledChoice, type SideMenuVariant, type SideMenuMode, type SideMenuChoice } from './side-menu-model';
export { layoutLabels, type LayoutLabels } from './labels';
