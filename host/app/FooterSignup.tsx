import { useNamespaceT, useShell, useShellData } from '../../core/react/context';
import { useSiteConfig } from './site-config';
import { pathFor } from '../routing/locale';

/** The footer's sign-up call to action: visitors only, never where the region sets `hiddenFooterSignup` (spec 000 §3, §6). */
export function FooterSignup() {
  const { t } = useNamespaceT('footer');
  const { env } = useShell();
  const { user } = useShellData();
  const { hiddenFooterSignup } = useSiteConfig();
  if (user.isLogin || hiddenFooterSignup) return null;
  return (
    <section className="shell-footer__signup" aria-labelledby="shell-footer-signup-title" data-testid="footer-signup">
      <h2 id="shell-footer-signup-title">{t('signupCta.title', { site: env.region.name })}</h2>
      <p>{t('signupCta.text')}</p>
      <a className="shell-btn shell-btn--primary shell-btn--lg" href={pathFor(env.region, env.locale.code, '/signup')} data-track="footer.signup">
        {t('signupCta.button')}
      </a>
    </section>
  );
}
