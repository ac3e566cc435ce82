// The user the user-page tests read: an active, verified account.
export const user7 = {
  id: 7,
  username: 'alice',
  email: 'a@example.com',
  phone: null,
  status: 'active',
  frozenReason: null,
  credits: '100',
  inviteCode: 'ABC123',
  parentId: null,
  registerIp: '10.0.0.1',
  createTime: '2025-03-01T10:00:00Z',
  kyc: { primary: 'approved', advanced: 'none' },
};
