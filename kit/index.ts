/**
 * The kit: UI pieces, page layouts and exchange-domain helpers that plugins and the host share. It builds on the
 * plugin API only (`core/plugin-api`), and core never imports it. QrCode is imported from './ui/QrCode' directly:
 * through this barrel its encoder (8 KB gz) would join the chunk every page loads.
 */
export { Dialog, type DialogProps } from './ui/Dialog';
export { SafeHtml } from './ui/SafeHtml';
export { CoinIcon, type CoinIconProps } from './ui/CoinIcon';
export { AmountInput, normalizeAmount, onBlurAmount, AMOUNT_MAX_DEFAULT, type AmountRules } from './ui/AmountInput';
export { trapTab, firstFocusable } from './ui/focus-trap';
export { toast } from './ui/toast';
export { copyText } from './ui/clipboard';
export { SideMenuLayout, type SideMenuItem, type SideMenuLayoutProps } from './layouts/SideMenuLayout';
export { AccountLayout } from './layouts/AccountLayout';
export { TradeLayout } from './layouts/TradeLayout';
export { useViewport } from './layouts/use-viewport';
export { MenuIcon } from './layouts/MenuIcon';
export { formatNumber } from './domain/format';
export { numberFormat } from './domain/intl';
export { KYC_LEVELS, KYC_STATUS, HIGH_KYC_LIMIT, isNotKycVerified, isKyc2Complete, kycStatusNote, type KycStatusNote } from './domain/kyc';
export { isMenuItemHidden, conditionP, withComplianceFlags, visibleMenu, type MenuNode, type CodedMenuNode, type MenuHideOptions } from './domain/menu';
export { coinCount, coinCountText, coinCountValues, DEFAULT_COIN_COUNT } from './domain/coin-count';
