// The operator API's shapes these pages read, from the generated schema.
import type { components } from '@/shared/api/schema';

type S = components['schemas'];

export type KycRow = S['KycRow'];
export type FileRef = S['FileRef'];
export type FileLink = S['FileLinkView'];
export type AdminDeposit = S['AdminDeposit'];
export type RivalClaim = S['RivalClaim'];
export type AdminWithdrawal = S['AdminWithdrawal'];
export type UserDetail = S['UserDetail'];
export type ContentRow = S['ContentRow'];
export type ContentBody = S['ContentBody'];
export type Translation = S['Translation'];
export type OutboxRow = S['OutboxRow'];

/** The shortest text a write's reason may be, and the longest (crates/platform/src/audit.rs). */
export const REASON_CHARS_MAX = 500;

/** Rows per page of the queues. */
export const QUEUE_PAGE_SIZE = 20;
