import { PerUser } from '../../../core/react/per-request';
import { useNamespaceT } from '../../../core/react/context';
import { Slot } from '../../../core/react/Slot';
import { useShell, useShellData } from '../../../core/react/context';
import { localePath } from '../../../core/router/paths';
import { pathFor } from '../../routing/locale';
import { coinCountValues } from '../../../kit/domain/coin-count';
import { spotPath } from '../nav-model';

/** The product cards; spot's goes to the site's default market. */
const PRODUCTS: ReadonlyArray<{ key: string; path?: string }> = [
  { key: 'spot' },
  { key: 'futures', path: '/futures/USDT/BTC_USDT' },
  { key: 'earn', path: '/simple-earn' },
  { key: 'copy', path: '/copytrading' },
  { key: 'buy', path: '/crypto/buy' },
  { key: 'p2p', path: '/c2c/market' },
];

/**
 * Home: hero with the account actions, the product cards, then the plugins' home sections. A logged-in page is resumed
 * per user (host/server/prerender.ts), and React renders again each component on the way to a per-user part: this one
 * and the hero stay light, the text and cards are components of their own, which the resume does not render.
 */
export function HomePage() {
  return (
    <>
      <Hero />
      <Products />
      <Slot name="home" className="shell-home-sections" />
    </>
  );
}

function Hero() {
  const { t } = useNamespaceT('shell');
  const { env, activation } = useShell();
  const { user } = useShellData();
  const { region, langPrefix } = env;
  return (
    <section className="shell-hero" aria-labelledby="hero-title">
      <HeroTitle />
      <div className="shell-hero__actions">
        {user.isLogin ? (
          <>
            <PerUser>
              <Welcome />
            </PerUser>
            <a className="shell-btn shell-btn--primary" href={localePath(langPrefix, '/myaccount/deposit/USDT')}>
              {t('home.deposit')}
            </a>
            <a className="shell-btn shell-btn--ghost" href={localePath(langPrefix, spotPath(activation.menus.trade))}>
              {t('home.trade')}
            </a>
          </>
        ) : (
          <>
            <a className="shell-btn shell-btn--primary shell-btn--lg" href={pathFor(region, env.locale.code, '/signup')} data-track="home.hero.signup">
              {t('home.signup')}
            </a>
            <a className="shell-btn shell-btn--ghost shell-btn--lg" href={pathFor(region, env.locale.code, '/login')}>
              {t('home.login')}
            </a>
          </>
        )}
      </div>
      <HeroRegion />
    </section>
  );
}

/** The hero's title and lead: the site's name and its coin count (plural by the number, grouped in the page's language). */
function HeroTitle() {
  const { t } = useNamespaceT('shell');
  const { env } = useShell();
  const { site } = useShellData();
  return (
    <>
      <h1 id="hero-title">{t('home.heroTitle', { site: env.region.name })}</h1>
      <p className="shell-hero__lead">{t('home.heroLead', coinCountValues(site, env.locale.html))}</p>
    </>
  );
}

function HeroRegion() {
  const { t } = useNamespaceT('shell');
  const { region } = useShell().env;
  return <p className="shell-hero__region">{t('home.region', { site: region.name, domain: region.webSiteDomain })}</p>;
}

/** The product cards; spot's goes to the site's default market and states the coin count (its text is plural by it). */
function Products() {
  const { t } = useNamespaceT('shell');
  const { env, activation } = useShell();
  const { site } = useShellData();
  const spot = spotPath(activation.menus.trade);
  const coins = coinCountValues(site, env.locale.html);
  return (
    <section className="shell-products" aria-labelledby="products-title">
      <h2 id="products-title">{t('home.productsTitle')}</h2>
      <ul className="shell-cards" role="list">
        {PRODUCTS.map((p) => (
          <li key={p.key} className="shell-card" data-track={`home.product.${p.key}`}>
            <a href={localePath(env.langPrefix, p.path ?? spot)}>
              <h3>{t(`home.products.${p.key}.title`)}</h3>
              <p>{t(`home.products.${p.key}.body`, p.key === 'spot' ? coins : undefined)}</p>
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The logged-in user's greeting, by nickname. */
function Welcome() {
  const { t } = useNamespaceT('shell');
  const { user } = useShellData();
  return <p className="shell-hero__welcome">{t('home.welcome', { name: user.nickname })}</p>;
}
