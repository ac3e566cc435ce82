/**
 * The 7-day sign-in calendar as the screen draws it, from the server's
 * streak (consecutive UTC days signed, up to today or, when today is not
 * signed yet, up to yesterday) and whether today is signed. The Nth
 * consecutive day pays the calendar's day N; the eighth starts at day 1.
 */
import type { CalendarDay } from '../api';

export const CALENDAR_DAYS = 7;

/** signed: an earlier day of this round; today: today's sign-in, still to do; signedToday: done today; upcoming: a later day. */
export type DayState = 'signed' | 'today' | 'signedToday' | 'upcoming';

export interface CalendarCell {
  day: number;
  /** The reward, as the server sent it; null when the calendar has no such day. */
  amount: string | null;
  coin: string | null;
  state: DayState;
}

function whole(n: number): number {
  return Number.isFinite(n) && n > 0 ? Math.floor(n) : 0;
}

/** Which calendar day (1..7) today is: the day signed today, or the one today's sign-in would be. */
export function todayDay(streak: number, signedToday: boolean): number {
  const n = whole(streak);
  // A signed today is part of the streak: at least 1 even if the server said 0.
  return signedToday ? ((Math.max(n, 1) - 1) % CALENDAR_DAYS) + 1 : (n % CALENDAR_DAYS) + 1;
}

/** The seven cells of the current round, each with its reward and state. */
export function calendarCells(days: readonly CalendarDay[], streak: number, signedToday: boolean): CalendarCell[] {
  const today = todayDay(streak, signedToday);
  return Array.from({ length: CALENDAR_DAYS }, (_, i) => {
    const day = i + 1;
    const reward = days.find((d) => d.day === day);
    const state: DayState = day < today ? 'signed' : day > today ? 'upcoming' : signedToday ? 'signedToday' : 'today';
    return { day, amount: reward?.amount ?? null, coin: reward?.coin ?? null, state };
  });
}

/** The reward of today's cell (paid or to be paid); null when the calendar has no such day. */
export function todayReward(days: readonly CalendarDay[], streak: number, signedToday: boolean): CalendarDay | null {
  const day = todayDay(streak, signedToday);
  return days.find((d) => d.day === day) ?? null;
}
