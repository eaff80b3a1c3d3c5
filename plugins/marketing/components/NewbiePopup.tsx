import { useEffect, useRef } from 'react';
import { dailyCounter, usePluginT, useShell } from '../../../core/plugin-api';
import { Dialog } from '../../../kit';
import type { NewbiePrize } from '../services/newbie';
import { formatAmount } from './format';
import { GiftIcon } from './icons';
import './marketing.css';

/** The new-user reward popup (variant A: one prize; variant B: two-step prize). Counts itself once shown. */
export function NewbiePopup({ prize, counterKey, dismiss }: { prize: NewbiePrize; counterKey: string; dismiss: () => void }) {
  const { t } = usePluginT();
  const { env } = useShell();
  const counted = useRef(false);
  useEffect(() => {
    if (counted.current) return;
    counted.current = true;
    dailyCounter.bump(counterKey);
  }, [counterKey]);
  const tag = env.locale.html;
  const currency = prize.currency;
  const variant = prize.variant === 2 ? 'b' : 'a';
  return (
    <Dialog
      title={t(`newbie.${variant}.title`)}
      onClose={dismiss}
      closeLabel={t('close')}
      className={`mkt-newbie mkt-newbie--${variant}`}
      size="sm"
      actions={
        <a className="shell-btn shell-btn--primary shell-btn--lg mkt-newbie__claim" href={env.href('/signup')}>
          {t('newbie.claim')}
        </a>
      }
    >
      <div className="mkt-newbie__gift">
        <GiftIcon size={56} />
      </div>
      {variant === 'a' ? (
        <p className="mkt-newbie__prize">
          <span className="mkt-newbie__amount">{formatAmount(prize.groupA, tag)}</span> <span>{currency}</span>
        </p>
      ) : (
        <ol className="mkt-newbie__steps">
          {prize.groupBFirst && <li>{t('newbie.b.first', { amount: formatAmount(prize.groupBFirst, tag), currency })}</li>}
          {prize.groupBSecond && <li>{t('newbie.b.second', { amount: formatAmount(prize.groupBSecond, tag), currency })}</li>}
        </ol>
      )}
      <p className="mkt-newbie__body">{t(`newbie.${variant}.body`, { amount: formatAmount(prize.groupA, tag), currency })}</p>
      {prize.guideTotal && <p className="mkt-newbie__guide">{t('newbie.guide', { amount: formatAmount(prize.guideTotal, tag), currency })}</p>}
    </Dialog>
  );
}
