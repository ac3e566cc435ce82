import { nextOpening, offsetSeconds } from './withdraw-window';

const at = (iso: string) => Date.parse(iso);

describe('the next opening of the withdrawal window', () => {
  it('reads the platform offset', () => {
    expect(offsetSeconds('+08:00')).toBe(28_800);
    expect(offsetSeconds('-09:30')).toBe(-34_200);
    expect(offsetSeconds('8')).toBeNull();
  });

  it('opens later the same day, or the next day once it closed', () => {
    const w = { start: '11:00:00', end: '23:00:00', timeZone: '+08:00' };
    // 01:30 at +08:00 is 17:30 UTC the day before: opens at 11:00 +08:00 = 03:00 UTC.
    expect(nextOpening(w, at('2026-03-01T17:30:00Z'))).toBe(at('2026-03-02T03:00:00Z'));
    // 23:30 at +08:00: tomorrow 11:00.
    expect(nextOpening(w, at('2026-03-01T15:30:00Z'))).toBe(at('2026-03-02T03:00:00Z'));
    // Inside the window: open now.
    expect(nextOpening(w, at('2026-03-01T05:00:00Z'))).toBeNull();
    // The end is exclusive: at 23:00 it is closed.
    expect(nextOpening(w, at('2026-03-01T15:00:00Z'))).toBe(at('2026-03-02T03:00:00Z'));
  });

  it('handles a window across midnight and an all-day one', () => {
    const night = { start: '22:00:00', end: '06:00:00', timeZone: '+00:00' };
    expect(nextOpening(night, at('2026-03-01T23:00:00Z'))).toBeNull();
    expect(nextOpening(night, at('2026-03-01T05:59:59Z'))).toBeNull();
    expect(nextOpening(night, at('2026-03-01T12:00:00Z'))).toBe(at('2026-03-01T22:00:00Z'));
    expect(nextOpening({ start: '09:00:00', end: '09:00:00', timeZone: '+00:00' }, at('2026-03-01T12:00:00Z'))).toBeNull();
  });
});
