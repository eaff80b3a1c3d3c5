import { localePath, usePluginT, useShell } from '../../../core/plugin-api';
import { TIPS_PATH } from '../rules/paths';
import './compliance.css';

/** Menu gating with `is_show_compliance_tips`: the page stays, a notice says the feature is not offered here. */
export function TipsNotice({ code }: { code: string }) {
  const { t } = usePluginT();
  const { env } = useShell();
  return (
    <div className="compliance-bar compliance-bar--warning compliance-tips" role="status" data-feature={code}>
      <div className="compliance-bar__text">
        <span>{t('tipsNotice.text')}</span>
        <a className="compliance-bar__link" href={localePath(env.langPrefix, TIPS_PATH)}>
          {t('tipsNotice.more')}
        </a>
      </div>
    </div>
  );
}
