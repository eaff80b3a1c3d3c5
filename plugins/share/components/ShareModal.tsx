import { useEffect, useRef, useState } from 'react';
import { safeLink, useObservable, usePlugin, usePluginT, useShell, type ShellEnv } from '../../../core/plugin-api';
import { Dialog, toast, copyText } from '../../../kit';
import { allowed, shareTargets } from '../services/links';
import { fetchOg, type OgData } from '../services/og';
import { capturePoster, downloadDataUrl, PosterTimeoutError } from '../services/poster';
import { CARD_WIDTH } from '../services/request';
import type { ShareOptions, ShareRequest, ShareWay } from '../types';
import { PosterCard } from './PosterCard';
import '../share.css';

/** The page's Open Graph data (site name, image), null until it arrives. */
function useOgData(http: ShellEnv['http'], request: ShareRequest): OgData | null {
  const [og, setOg] = useState<OgData | null>(null);
  useEffect(() => {
    let alive = true;
    void fetchOg(http, request.url, request.subWebsiteId).then((data) => alive && setOg(data));
    return () => {
      alive = false;
    };
  }, [http, request.url, request.subWebsiteId]);
  return og;
}

/** The link's QR code as a data URL (the qrcode module loads on demand), null until drawn. */
function useQrCode(url: string, qrSize: number): string | null {
  const [qr, setQr] = useState<string | null>(null);
  useEffect(() => {
    let alive = true;
    import('qrcode')
      .then((m) => m.toDataURL(url, { width: qrSize * 2, margin: 1, errorCorrectionLevel: 'M' }))
      .then((data) => alive && setQr(data))
      .catch((err: unknown) => console.warn(`[share] QR code failed: ${(err as Error)?.message ?? err}`));
    return () => {
      alive = false;
    };
  }, [url, qrSize]);
  return qr;
}

/** The link in a read-only field and its copy button. */
function CopyLink({ url, onCopy }: { url: string; onCopy: () => void }) {
  const { t } = usePluginT();
  return (
    <div className="share-link">
      <label htmlFor="share-link-input">{t('link')}</label>
      <div className="share-link__row">
        <input id="share-link-input" readOnly value={url} onFocus={(e) => e.currentTarget.select()} />
        <button type="button" className="shell-btn shell-btn--primary" onClick={onCopy}>
          {t('copy')}
        </button>
      </div>
    </div>
  );
}

/** The social targets, and the browser's own share sheet where it has one. */
function ShareTargets({ request, onShared, onNative }: { request: ShareRequest; onShared: (way: ShareWay) => void; onNative: (() => void) | null }) {
  const { t } = usePluginT();
  return (
    <ul className="share-targets" aria-label={t('targets')}>
      {shareTargets(request.url, request.shareContent, request.forbiddenWays).map((s) => (
        <li key={s.way}>
          <a
            href={s.href}
            target="_blank"
            rel="noopener noreferrer"
            className={`share-target share-target--${s.way}`}
            onClick={() => onShared(s.way)}
            aria-label={t('shareOn', { name: s.name })}
          >
            <span className="share-target__icon" aria-hidden="true">
              {s.name[0]}
            </span>
            <span>{s.name}</span>
          </a>
        </li>
      ))}
      {onNative && (
        <li>
          <button type="button" className="share-target" onClick={onNative}>
            <span className="share-target__icon" aria-hidden="true">
              ⋯
            </span>
            <span>{t('more')}</span>
          </button>
        </li>
      )}
    </ul>
  );
}

/** The share modal: a poster card with a QR code, copy link, social targets, native share and poster download. */
export function ShareModal({ request, onClose }: { request: ShareRequest; onClose: () => void }) {
  const { t } = usePluginT();
  const { env } = useShell();
  const { options } = usePlugin<ShareOptions>();
  const viewport = useObservable(env.state.viewport$, env.state.viewport$.value);
  const layout = request.layout ?? (viewport.isMobile ? options.mobileLayout : options.desktopLayout);
  const og = useOgData(env.http, request);
  const qr = useQrCode(request.url, options.qrSize);
  const [busy, setBusy] = useState(false);
  const [canNative, setCanNative] = useState(false);
  const card = useRef<HTMLDivElement>(null);
  const forbidden = request.forbiddenWays;
  const done = (way: ShareWay) => env.bus.emit('share:done', { source: request.source, way });

  useEffect(() => setCanNative(typeof navigator.share === 'function'), []);

  const siteName = og?.site_name || env.region.ogSiteName;
  const image = request.imgSrc ?? safeLink(og?.site_image, env.region.allowedLinkHosts) ?? null;

  const onCopy = async () => {
    if (await copyText(request.url)) {
      toast.success(env.bus, t('copied'));
      done('copy');
    } else toast.error(env.bus, t('copyFailed'));
  };
  const onPoster = async () => {
    if (!card.current || busy || !qr) return;
    setBusy(true);
    try {
      downloadDataUrl(await capturePoster(card.current, options.posterTimeoutMs), `${request.source}-poster.png`);
      done('poster');
    } catch (err) {
      console.warn(`[share] poster capture failed: ${(err as Error)?.message ?? err}`);
      toast.error(env.bus, err instanceof PosterTimeoutError ? t('posterTimeout') : t('posterFailed'));
    } finally {
      setBusy(false);
    }
  };
  const onNative = async () => {
    try {
      await navigator.share({ title: request.title || siteName, text: request.shareContent, url: request.url });
      done('native');
    } catch (err) {
      if ((err as Error)?.name !== 'AbortError') console.warn(`[share] native share failed: ${(err as Error)?.message ?? err}`);
    }
  };

  return (
    <Dialog title={t('title')} onClose={onClose} closeOnBackdrop closeLabel={t('close')} className="share-dialog" size="lg">
      <div className={`share-body share-body--${layout}`}>
        <PosterCard
          ref={card}
          layout={layout}
          width={CARD_WIDTH[layout]}
          siteName={siteName}
          logo={env.region.logo.light}
          image={image}
          title={request.title || siteName}
          text={request.posterContent}
          qr={qr}
          qrSize={options.qrSize}
        />
        <div className="share-actions">
          {allowed('copy', forbidden) && <CopyLink url={request.url} onCopy={onCopy} />}
          <ShareTargets request={request} onShared={done} onNative={canNative && allowed('native', forbidden) ? onNative : null} />
          {allowed('poster', forbidden) && (
            <button type="button" className="shell-btn shell-btn--ghost share-poster-btn" onClick={onPoster} aria-disabled={busy || !qr} aria-busy={busy}>
              {busy ? t('posterBusy') : t('poster')}
            </button>
          )}
        </div>
      </div>
    </Dialog>
  );
}
