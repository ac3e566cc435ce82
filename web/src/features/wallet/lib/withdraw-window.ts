/**
 * When a withdrawal window opens next. The window is `start`-`end`
 * (HH:MM:SS, start inclusive, end exclusive) in the platform's fixed offset
 * (`+08:00`); a start after the end runs past midnight, start equal to end
 * is open all day (the server's `in_window`).
 */

/** Seconds east of UTC for "+08:00" / "-09:30"; null when malformed. */
export function offsetSeconds(text: string): number | null {
  const m = /^([+-])(\d{2}):(\d{2})$/.exec(text);
  if (!m) return null;
  const s = (Number(m[2]) * 60 + Number(m[3])) * 60;
  return m[1] === '-' ? -s : s;
}

function secondsOfDay(hms: string): number | null {
  const m = /^(\d{2}):(\d{2})(?::(\d{2}))?$/.exec(hms);
  if (!m) return null;
  return Number(m[1]) * 3600 + Number(m[2]) * 60 + Number(m[3] ?? 0);
}

const DAY = 86_400;

/** The next instant (ms) the window opens after `nowMs`, or null when it is open now or cannot be read. */
export function nextOpening(window: { start: string; end: string; timeZone: string }, nowMs: number): number | null {
  const offset = offsetSeconds(window.timeZone);
  const start = secondsOfDay(window.start);
  const end = secondsOfDay(window.end);
  if (offset === null || start === null || end === null || start === end) return null;
  const localSeconds = Math.floor(nowMs / 1000) + offset;
  const t = ((localSeconds % DAY) + DAY) % DAY;
  const open = start < end ? t >= start && t < end : t >= start || t < end;
  if (open) return null;
  const wait = (start - t + DAY) % DAY;
  return (Math.floor(nowMs / 1000) + wait) * 1000;
}
