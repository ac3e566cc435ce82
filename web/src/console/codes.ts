// The envelope codes the console acts on, in one place: the console compares
// codes, never messages (messages come translated in the operator's language).
// Numbers as crates/kernel/src/error_code.rs has them.

export const CODES = {
  notFound: -6,
  rateLimited: -7,
  forbidden: -9,
  /** Too many wrong passwords from this address for this name: paused. */
  signInPaused: -1017,
  /** A password checked inside a session, paused after wrong ones. */
  locked: -1012,
  /** Failures from many addresses slowed the account: solve a sign-in challenge. */
  challengeNeeded: -1026,
  /** The challenge was used, expired or not solved: take a fresh one. */
  challengeInvalid: -1027,
  adminLoginFailed: -2001,
  reasonRequired: -2004,
  invalidState: -2005,
  /** The password was right; the operator has two-step sign-in: send `code` too. */
  adminTotpRequired: -2006,
  /** The 6-digit code (or the recovery code) is wrong. */
  adminTotpInvalid: -2007,
  /** The operator must enrol an authenticator before any other call. */
  adminTotpEnrolmentRequired: -2008,
  /** The role must keep two-step sign-in: it cannot be turned off. */
  adminTotpMandatory: -2009,
  /** No session, or it ended: sign in again (api.ts signs out). */
  sessionEnded: 500,
} as const;
