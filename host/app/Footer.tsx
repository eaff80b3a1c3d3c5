import { useNamespaceT } from '../../core/react/context';
import { Slot } from '../../core/react/Slot';
import { useShell } from '../../core/react/context';
import { useSiteConfig } from './site-config';
import { localePath } from '../../core/router/paths';
import { footerModel } from './footer-model';
import { FooterSignup } from './FooterSignup';

/** Site footer: link columns by sub-site (spec 001 §2), contacts, copyright, plugin rows. */
export function Footer() {
  const { t } = useNamespaceT('footer');
  const { env } = useShell();
  const site = useSiteConfig();
  const model = footerModel(site, new Date().getFullYear());
  const href = (link: string) => (link.startsWith('/') ? localePath(env.langPrefix, link) : link);
  return (
    <footer className="shell-footer">
      <FooterSignup />
      <div className="shell-footer__cols">
        {model.columns.map((col) => (
          <nav key={col.key} aria-label={t(`col.${col.key}`)} className="shell-footer__col">
            <h2>{t(`col.${col.key}`)}</h2>
            <ul role="list">
              {col.links.map((l) => (
                <li key={l.key}>
                  <a href={href(l.href)} {...(l.external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}>
                    {t(`link.${l.key}`)}
                  </a>
                </li>
              ))}
            </ul>
          </nav>
        ))}
        <div className="shell-footer__col">
          <h2>{t('col.contact')}</h2>
          <ul role="list">
            <li>
              {t('support')}: <a href={`mailto:${site.support.email}`}>{site.support.email}</a>
            </li>
            <li>
              {t('business')}: <a href={`mailto:${site.business.email}`}>{site.business.email}</a>
            </li>
          </ul>
        </div>
      </div>
      <Slot name="footer" />
      <p className="shell-footer__copy">{model.copyright}</p>
    </footer>
  );
}
