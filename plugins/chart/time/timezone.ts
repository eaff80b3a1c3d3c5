import { FALLBACK_TIME_ZONE } from '../constants';

/** True when Intl knows the IANA time zone. */
export function isValidTimeZone(tz: unknown): tz is string {
  if (typeof tz !== 'string' || tz === '') return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}

/**
 * The user's time zone from Intl, else the fallback (spec 001 §9: Asia/Shanghai). `read` is injectable for tests.
 */
export function resolveTimeZone(
  fallback = FALLBACK_TIME_ZONE,
  read: () => string | undefined = () => Intl.DateTimeFormat().resolvedOptions().timeZone,
): string {
  let tz: string | undefined;
  try {
    tz = read();
  } catch {
    tz = undefined;
  }
  if (isValidTimeZone(tz)) return tz;
  return isValidTimeZone(fallback) ? fallback : 'UTC';
}

type Parts = Record<'year' | 'month' | 'day' | 'hour' | 'minute' | 'second', string> & { monthShort: string };

/**
 * Formats UTC-second timestamps in one time zone. lightweight-charts has no time-zone support, so the chart's
 * localization.timeFormatter and timeScale.tickMarkFormatter are built from this.
 */
export class ZonedFormatter {
  private readonly numeric: Intl.DateTimeFormat;
  private readonly monthName: Intl.DateTimeFormat;

  constructor(
    readonly timeZone: string,
    readonly locale = 'en',
  ) {
    this.numeric = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    this.monthName = new Intl.DateTimeFormat(safeLocale(locale), { timeZone, month: 'short' });
  }

  /** Calendar fields of a timestamp in this zone. */
  parts(seconds: number): Parts {
    const date = new Date(seconds * 1000);
    const out = {} as Parts;
    for (const p of this.numeric.formatToParts(date)) if (p.type !== 'literal') (out as Record<string, string>)[p.type] = p.value;
    out.monthShort = this.monthName.format(date);
    return out;
  }

  /** Crosshair label: `2024-05-01 13:45` (`:ss` when seconds matter; date only for daily bars). */
  full(seconds: number, mode: 'date' | 'minute' | 'second' = 'minute'): string {
    const p = this.parts(seconds);
    const date = `${p.year}-${p.month}-${p.day}`;
    if (mode === 'date') return date;
    return `${date} ${p.hour}:${p.minute}${mode === 'second' ? `:${p.second}` : ''}`;
  }

  /** Axis tick label for lightweight-charts' TickMarkType (0 year, 1 month, 2 day, 3 time, 4 time with seconds). */
  tick(seconds: number, tickMarkType: number): string {
    const p = this.parts(seconds);
    switch (tickMarkType) {
      case 0:
        return p.year;
      case 1:
        return p.monthShort;
      case 2:
        return String(Number(p.day));
      case 4:
        return `${p.hour}:${p.minute}:${p.second}`;
      default:
        return `${p.hour}:${p.minute}`;
    }
  }
}

function safeLocale(locale: string): string {
  try {
    return Intl.DateTimeFormat.supportedLocalesOf([locale]).length ? locale : 'en';
  } catch {
    return 'en';
  }
}

/** Seconds of a lightweight-charts Time value (UTC timestamp, business-day object or ISO day string). */
export function timeToSeconds(time: unknown): number {
  if (typeof time === 'number') return time;
  if (typeof time === 'string') return Date.parse(`${time}T00:00:00Z`) / 1000;
  if (time && typeof time === 'object' && 'year' in time) {
    const t = time as { year: number; month: number; day: number };
    return Date.UTC(t.year, t.month - 1, t.day) / 1000;
  }
  return 0;
}

/**
 * The two formatters the chart needs for a resolution. Intraday bars are labelled in the user's zone; daily and
 * longer bars are calendar days of the exchange (UTC), so they are labelled in UTC and never shift a day.
 */
export function chartFormatters(unit: 'second' | 'minute' | 'day' | 'week' | 'month', timeZone: string, locale = 'en') {
  const daily = unit === 'day' || unit === 'week' || unit === 'month';
  const f = new ZonedFormatter(daily ? 'UTC' : timeZone, locale);
  const mode = unit === 'second' ? 'second' : daily ? 'date' : 'minute';
  return {
    /** Crosshair label (localization.timeFormatter). */
    time: (t: unknown) => f.full(timeToSeconds(t), mode),
    /** Axis label (timeScale.tickMarkFormatter). */
    tick: (t: unknown, tickMarkType: number) => f.tick(timeToSeconds(t), tickMarkType),
  };
}
