import { localePath, useLoaderData, usePlugin, usePluginT, useShell } from '../../../core/plugin-api';
import { showDlTask } from '../services/dl-task';
import type { HomeOptions } from '../types';
import '../home.css';
import { DL_TASK_LOADER } from '../refs';

/** The app-download task reward card, shown when the task exists (has_dl_task 1). */
export function DownloadTaskCard() {
  const { t } = usePluginT();
  const { env } = useShell();
  const { options } = usePlugin<HomeOptions>();
  const task = useLoaderData(DL_TASK_LOADER);
  if (!showDlTask(task)) return null;
  return (
    <aside className="home-dl" aria-label={t('dlTask.label')}>
      <span className="home-dl__icon" aria-hidden="true">
        ⬇
      </span>
      <div className="home-dl__text">
        <p className="home-dl__title">{t('dlTask.title', { amount: task!.reward_num, currency: task!.reward_currency })}</p>
        <p className="home-dl__body">{t('dlTask.body')}</p>
      </div>
      <a className="shell-btn shell-btn--primary" href={localePath(env.langPrefix, options.dlTask.link)}>
        {t('dlTask.cta')}
      </a>
    </aside>
  );
}
