import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { CoinIcon, formatNumber } from '../../../kit';
import type { ChartDatafeed } from '../feed/datafeed';
import type { SymbolInfo } from '../types';

interface Props {
  datafeed: ChartDatafeed;
  /** Debounce before searching (spec 001 §9: 1000 ms). */
  delayMs: number;
  /** Symbols the site offers; others are not listed. */
  allowed: readonly string[];
  hrefOf: (symbol: string) => string;
  t: (key: string, opts?: Record<string, unknown>) => string;
}

/** One result: a link to its chart with the coin icon, pair, description, kind and last price. */
function SearchResult({ s, href, t }: { s: SymbolInfo; href: string; t: Props['t'] }) {
  return (
    <li>
      <a href={href} className="chart-search__item">
        <CoinIcon symbol={s.base} size={20} decorative className="chart-search__coin" />
        <strong>
          {s.base}/{s.quote}
        </strong>
        <span>
          {s.description}
          {s.kind !== 'SPOT' && <em className="chart-search__kind">{t(`kinds.${s.kind}`)}</em>}
        </span>
        {s.lastPrice !== undefined && (
          <data className="chart-search__price" value={s.lastPrice}>
            {formatNumber(s.lastPrice, s.pricePrecision)}
          </data>
        )}
      </a>
    </li>
  );
}

/** Arrow down/up move the focus along the result links. */
function moveFocus(e: KeyboardEvent, list: HTMLUListElement | null): void {
  if (e.key !== 'ArrowDown' && e.key !== 'ArrowUp') return;
  const items = [...(list?.querySelectorAll<HTMLAnchorElement>('a') ?? [])];
  if (!items.length) return;
  e.preventDefault();
  const at = items.indexOf(document.activeElement as HTMLAnchorElement);
  const next = e.key === 'ArrowDown' ? Math.min(items.length - 1, at + 1) : Math.max(0, at - 1);
  items[next].focus();
}

/**
 * Symbol search: asks the datafeed `delayMs` after the last keystroke; results are links to their charts, with the
 * last price where the reply has one (zero-count notation for tiny prices, spec 000 §5).
 */
export function SymbolSearch({ datafeed, delayMs, allowed, hrefOf, t }: Props) {
  const id = useId();
  const [query, setQuery] = useState('');
  const [results, setResults] = useState<SymbolInfo[] | null>(null);
  const [busy, setBusy] = useState(false);
  const listRef = useRef<HTMLUListElement>(null);

  useEffect(() => {
    const q = query.trim();
    if (!q) {
      setResults(null);
      setBusy(false);
      return;
    }
    setBusy(true);
    let live = true;
    const timer = setTimeout(() => {
      void datafeed
        .searchSymbols(q)
        .catch(() => [])
        .then((list) => {
          if (!live) return;
          setResults(list.filter((s) => allowed.includes(s.symbol)));
          setBusy(false);
        });
    }, delayMs);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [query, delayMs, datafeed, allowed]);

  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'Escape') setQuery('');
    else moveFocus(e, listRef.current);
  };

  const status = busy ? t('search.searching') : results === null ? '' : results.length ? t('search.results', { count: results.length }) : t('search.none');
  return (
    <div className="chart-search" onKeyDown={onKeyDown}>
      <label className="chart-visually-hidden" htmlFor={`${id}-q`}>
        {t('search.label')}
      </label>
      <input
        id={`${id}-q`}
        className="chart-search__input"
        type="search"
        autoComplete="off"
        placeholder={t('search.placeholder')}
        value={query}
        onChange={(e) => setQuery(e.target.value)}
        aria-describedby={`${id}-status`}
      />
      <span id={`${id}-status`} className="chart-visually-hidden" role="status">
        {status}
      </span>
      {query.trim() && (busy || results) && (
        <ul ref={listRef} className="chart-search__results">
          {busy && <li className="chart-search__note">{t('search.searching')}</li>}
          {!busy && results?.length === 0 && <li className="chart-search__note">{t('search.none')}</li>}
          {!busy && results?.map((s) => <SearchResult key={s.symbol} s={s} href={hrefOf(s.symbol)} t={t} />)}
        </ul>
      )}
    </div>
  );
}
