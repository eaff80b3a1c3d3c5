import { useNamespaceT } from '../../../core/react/context';
import { useShell } from '../../../core/react/context';
import { useSiteConfig } from '../site-config';

/** /state_compliance_tips: where blocked visitors land (spec 000 §2, §5). Never redirects itself. */
export function ComplianceTipsPage() {
  const { t } = useNamespaceT('shell');
  const { env } = useShell();
  const region = useSiteConfig();
  return (
    <section className="shell-article" aria-labelledby="tips-title">
      <h1 id="tips-title">{t('complianceTips.title')}</h1>
      <p>{t('complianceTips.body', { site: region.name })}</p>
      <p>{t('complianceTips.assets')}</p>
      <ul>
        <li>
          <a href={env.href(region.docs.agreement)}>{t('complianceTips.agreement')}</a>
        </li>
        <li>
          {t('complianceTips.contact')} <a href={`mailto:${region.support.email}`}>{region.support.email}</a>
        </li>
      </ul>
    </section>
  );
}
