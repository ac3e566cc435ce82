// AdminPage is the generated schema's list page for any row: the same shape
// as each Envelope_Page_<Row>'s data, both ways (tsc fails if they part).
import type { components } from '@/shared/api/schema';
import type { AdminPage } from './api';

type S = components['schemas'];
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;

const checks: [
  Same<AdminPage<S['KycRow']>, S['Envelope_Page_KycRow']['data']>,
  Same<AdminPage<S['AdminDeposit']>, S['Envelope_Page_AdminDeposit']['data']>,
  Same<AdminPage<S['AdminWithdrawal']>, S['Envelope_Page_AdminWithdrawal']['data']>,
  Same<AdminPage<S['AuditRow']>, S['Envelope_Page_AuditRow']['data']>,
  Same<AdminPage<S['UserRow']>, S['Envelope_Page_UserRow']['data']>,
  Same<AdminPage<S['ContentRow']>, S['Envelope_Page_ContentRow']['data']>,
  Same<AdminPage<S['OutboxRow']>, S['Envelope_Page_OutboxRow']['data']>,
] = [true, true, true, true, true, true, true];

describe('AdminPage', () => {
  it('is the generated page shape', () => {
    expect(checks.every(Boolean)).toBe(true);
  });
});
