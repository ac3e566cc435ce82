import { calendarCells, todayDay, todayReward } from './calendar';

const DAYS = ['0.1', '0.1', '0.2', '0.2', '0.3', '0.3', '1'].map((amount, i) => ({ day: i + 1, amount, coin: 'USDT' }));
const states = (streak: number, signedToday: boolean) => calendarCells(DAYS, streak, signedToday).map((c) => c.state);

describe('sign-in calendar', () => {
  it('a first sign-in is day 1, still to do', () => {
    expect(states(0, false)).toEqual(['today', 'upcoming', 'upcoming', 'upcoming', 'upcoming', 'upcoming', 'upcoming']);
    expect(todayReward(DAYS, 0, false)).toEqual({ day: 1, amount: '0.1', coin: 'USDT' });
  });

  it('two days signed up to yesterday: days 1-2 done, today is day 3', () => {
    expect(states(2, false)).toEqual(['signed', 'signed', 'today', 'upcoming', 'upcoming', 'upcoming', 'upcoming']);
    expect(todayDay(2, false)).toBe(3);
    expect(todayReward(DAYS, 2, false)?.amount).toBe('0.2');
  });

  it('signed today: the streak includes today, highlighted as done', () => {
    expect(states(3, true)).toEqual(['signed', 'signed', 'signedToday', 'upcoming', 'upcoming', 'upcoming', 'upcoming']);
    expect(todayReward(DAYS, 3, true)?.amount).toBe('0.2');
    expect(states(1, true)[0]).toBe('signedToday');
  });

  it('day 7 signed today fills the calendar; the eighth day starts again at day 1', () => {
    expect(states(7, true)).toEqual(['signed', 'signed', 'signed', 'signed', 'signed', 'signed', 'signedToday']);
    expect(todayReward(DAYS, 7, true)?.amount).toBe('1');
    expect(states(7, false)[0]).toBe('today');
    expect(states(7, false).slice(1).every((s) => s === 'upcoming')).toBe(true);
    expect(states(9, true)).toEqual(['signed', 'signedToday', 'upcoming', 'upcoming', 'upcoming', 'upcoming', 'upcoming']);
  });

  it('keeps the rewards as the server sent them and marks a day the calendar lacks', () => {
    const cells = calendarCells(DAYS.slice(0, 5), 0, false);
    expect(cells).toHaveLength(7);
    expect(cells[4]).toEqual({ day: 5, amount: '0.3', coin: 'USDT', state: 'upcoming' });
    expect(cells[6]).toEqual({ day: 7, amount: null, coin: null, state: 'upcoming' });
  });

  it('an impossible streak (negative, fractional, 0 while signed today) is read safely', () => {
    expect(todayDay(-3, false)).toBe(1);
    expect(todayDay(2.7, false)).toBe(3);
    expect(todayDay(0, true)).toBe(1);
  });
});
