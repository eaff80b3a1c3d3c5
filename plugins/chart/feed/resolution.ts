import { DEFAULT_RESOLUTION, RESOLUTIONS, type Resolution } from '../constants';

/** A parsed resolution: `count` units of `unit`. */
export interface ParsedResolution {
  resolution: Resolution;
  unit: 'second' | 'minute' | 'day' | 'week' | 'month';
  count: number;
  /** Nominal length in seconds (a month counts 30 days). */
  seconds: number;
}

const UNIT_SECONDS = { second: 1, minute: 60, day: 86400, week: 604800, month: 2592000 } as const;
/** 1970-01-01 was a Thursday; weeks start on Monday, 4 days later. */
const WEEK_OFFSET = 4 * 86400;

/** True for one of the 20 supported resolutions. */
export function isResolution(value: unknown): value is Resolution {
  return typeof value === 'string' && (RESOLUTIONS as readonly string[]).includes(value);
}

/** Parses a supported resolution ('1S', '60', '1D', '1W', '1M'); null for anything else. */
export function parseResolution(value: unknown): ParsedResolution | null {
  if (!isResolution(value)) return null;
  const m = /^(\d*)([SDWM]?)$/.exec(value);
  if (!m) return null;
  const count = Number(m[1] || '1');
  const unit = ({ S: 'second', D: 'day', W: 'week', M: 'month', '': 'minute' } as const)[m[2] as 'S' | 'D' | 'W' | 'M' | ''];
  return { resolution: value, unit, count, seconds: count * UNIT_SECONDS[unit] };
}

/** The resolution, or the default one when it is not supported. */
export function resolutionOrDefault(value: unknown, fallback: Resolution = DEFAULT_RESOLUTION): Resolution {
  return isResolution(value) ? value : fallback;
}

/** Start (UTC seconds) of the bar containing `time`. Days align to UTC midnight, weeks to Monday, months to the 1st. */
export function barStart(time: number, res: ParsedResolution): number {
  const t = Math.floor(time);
  if (res.unit === 'month') {
    const d = new Date(t * 1000);
    const months = d.getUTCFullYear() * 12 + d.getUTCMonth();
    const aligned = months - (((months % res.count) + res.count) % res.count);
    return Date.UTC(Math.floor(aligned / 12), aligned % 12, 1) / 1000;
  }
  const offset = res.unit === 'week' ? WEEK_OFFSET : 0;
  return Math.floor((t - offset) / res.seconds) * res.seconds + offset;
}

/** Start of the bar after the one starting at `start`. */
export function nextBarStart(start: number, res: ParsedResolution): number {
  if (res.unit !== 'month') return start + res.seconds;
  const d = new Date(start * 1000);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + res.count, 1) / 1000;
}

/** Start of the bar before the one starting at `start`. */
export function prevBarStart(start: number, res: ParsedResolution): number {
  if (res.unit !== 'month') return start - res.seconds;
  const d = new Date(start * 1000);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth() - res.count, 1) / 1000;
}
