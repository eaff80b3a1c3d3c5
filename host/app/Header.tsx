import { Suspense, useEffect, useState } from 'react';
import { useNamespaceT } from '../../core/react/context';
import { Slot } from '../../core/react/Slot';
import { useShell, useShellData } from '../../core/react/context';
import { useSiteConfig } from './site-config';
import { localePath } from '../../core/router/paths';
import { LOCALES } from '../../core/i18n/locales';
import { pathFor } from '../routing/locale';
import { headerNav, spotPath } from './nav-model';
import { NavLinks } from './NavLinks';
import { UserMenu } from './shell-views';
import './header-footer.css';

/** Site header: logo, navigation, plugin actions, language/fiat, theme, account. Server-rendered. */
export function Header() {
  const { t } = useNamespaceT('header');
  const { env } = useShell();
  const region = useSiteConfig();
  const { langPrefix } = env;
  const data = useShellData();
  const [theme, toggleTheme] = useTheme();

  return (
    <header className="shell-header">
      <a className="shell-logo" href={localePath(langPrefix, '/')} aria-label={t('home', { site: region.name })}>
        <img src={theme === 'dark' ? region.logo.night : region.logo.light} alt={region.name} width={112} height={28} />
      </a>
      <MainNav />
      <div className="shell-header__actions">
        <Slot name="header-actions" />
        {!region.hiddenLangAndRate && <LanguageMenu />}
        {!region.hiddenLangAndRate && data.site.fiat_list.length > 0 && <FiatSelect />}
        {!region.hiddenThemeSwitch && (
          <button type="button" className="shell-icon-btn" onClick={toggleTheme} aria-label={t(theme === 'dark' ? 'themeLight' : 'themeDark')}>
            {theme === 'dark' ? '☀' : '☾'}
          </button>
        )}
        {data.user.isLogin ? (
          // Loaded before the first render of a logged-in page; a log-in without a page load fetches it here.
          <Suspense fallback={null}>
            <UserMenu />
          </Suspense>
        ) : (
          <GuestActions />
        )}
      </div>
    </header>
  );
}

/**
 * The main navigation, mobile and desktop. A component of its own: the header is on the way to the user's parts, which
 * a logged-in page's resume renders again per user, and this is the header's largest part.
 */
function MainNav() {
  const { t } = useNamespaceT('header');
  const { env, activation } = useShell();
  const region = useSiteConfig();
  const data = useShellData();
  const nav = headerNav(data.compliance.menu, spotPath(activation.menus.trade));
  return (
    <>
      <details className="shell-nav-toggle">
        <summary aria-label={t('menu')}>☰</summary>
        <nav className="shell-nav shell-nav--mobile" aria-label={t('mainNav')}>
          <NavLinks nodes={nav} variant="mobile" />
          {!data.user.isLogin && <a href={pathFor(region, env.locale.code, '/login')}>{t('login')}</a>}
        </nav>
      </details>
      <nav className="shell-nav shell-nav--desktop" aria-label={t('mainNav')}>
        <NavLinks nodes={nav} variant="desktop" />
      </nav>
    </>
  );
}

/** The page theme: the `theme` cookie at first, mirrored on the body's class; the toggle stores it for a year. */
function useTheme(): ['light' | 'dark', () => void] {
  const { env } = useShell();
  const [theme, setTheme] = useState<'light' | 'dark'>(() => (env.cookies.get('theme') === 'dark' ? 'dark' : 'light'));
  useEffect(() => {
    document.body.classList.toggle('theme-dark', theme === 'dark');
    document.body.classList.toggle('theme-light', theme !== 'dark');
  }, [theme]);
  const toggleTheme = () => {
    const next = theme === 'dark' ? 'light' : 'dark';
    env.cookies.set('theme', next, { maxAge: 365 * 86400 });
    setTheme(next);
  };
  return [theme, toggleTheme];
}

/** The region's languages, each linking to the current page in that language. */
function LanguageMenu() {
  const { t } = useNamespaceT('header');
  const { env } = useShell();
  const { region } = env;
  const path = env.state.route$.value.path;
  return (
    <details className="shell-lang">
      <summary aria-label={t('language')}>{LOCALES[env.locale.code]?.nativeName ?? env.locale.code}</summary>
      <ul className="shell-menu" role="list">
        {region.languages.map((code) => (
          <li key={code}>
            <a
              href={pathFor(region, code, path)}
              hrefLang={LOCALES[code]?.html}
              lang={LOCALES[code]?.html}
              aria-current={code === env.locale.code ? 'true' : undefined}
            >
              {LOCALES[code]?.nativeName ?? code}
            </a>
          </li>
        ))}
      </ul>
    </details>
  );
}

/** A visitor's log-in and sign-up buttons. */
function GuestActions() {
  const { t } = useNamespaceT('header');
  const { env } = useShell();
  return (
    <>
      <a className="shell-btn shell-btn--ghost" href={pathFor(env.region, env.locale.code, '/login')} data-track="header.login">
        {t('login')}
      </a>
      <a className="shell-btn shell-btn--primary" href={pathFor(env.region, env.locale.code, '/signup')} data-track="header.signup">
        {t('signup')}
      </a>
    </>
  );
}

function FiatSelect() {
  const { t } = useNamespaceT('header');
  const { env } = useShell();
  const site = useShellData().site;
  const [fiat, setFiat] = useState(() => env.cookies.get('curr_fiat') || site.curr_fiat);
  return (
    <select
      className="shell-fiat"
      aria-label={t('currency')}
      value={fiat}
      onChange={(e) => {
        setFiat(e.target.value);
        env.cookies.set('curr_fiat', e.target.value, { maxAge: 365 * 86400 });
        env.state.update('site', { ...env.state.data.site, curr_fiat: e.target.value });
      }}
    >
      {site.fiat_list.map((f) => (
        <option key={f.fiat} value={f.fiat}>
          {f.fiat} {f.symbol}
        </option>
      ))}
    </select>
  );
}
