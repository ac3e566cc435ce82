export const MIN_PASSWORD = 6;
export const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** The fund (trade) password is exactly 6 digits (docs/api.md). */
export const FUND_PWD_RE = /^\d{6}$/;
