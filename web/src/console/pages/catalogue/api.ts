// The catalogue and product endpoints of the operator API and their rows
// (web/src/shared/api/schema.d.ts; the option periods' own shapes, which
// the generated schema shadows with the second contracts' of the same name,
// from crates/options/src/views.rs and period_editing.rs).
import { adminApi, type AdminPage } from '../../api';
import type { components } from '@/shared/api/schema';

type S = components['schemas'];
export type CoinItem = S['CoinItem'];
export type SpotPair = S['SpotPair'];
export type ContractPair = S['ContractPair'];
export type OptionPair = S['OptionPair'];
export type TermsView = S['TermsView'];
export type SecondPeriod = S['PeriodView'];
export type EarnProduct = S['ProductAdminView'];
export type WelfareTask = S['TaskAdminView'];
export type BonusRule = S['RuleView'];
export type TraderApplication = S['MyTrader'];
export type CalendarDayView = S['CalendarDay'];

export type OptionPeriod = S['OptionPeriodView'];

type Body = Record<string, unknown>;

const crud = <R>(base: string) => ({
  list: () => adminApi.get<R[]>(base),
  create: (body: Body) => adminApi.post<R>(base, body),
  update: (id: number, body: Body) => adminApi.put<R>(`${base}/${id}`, body),
});

export const catalogueApi = {
  coins: crud<CoinItem>('/api/admin/catalogue/coins'),
  spot: crud<SpotPair>('/api/admin/catalogue/spot-pairs'),
  contracts: crud<ContractPair>('/api/admin/catalogue/contract-pairs'),
  options: crud<OptionPair>('/api/admin/catalogue/option-pairs'),
  futuresTerms: {
    list: () => adminApi.get<TermsView[]>('/api/admin/futures/terms'),
    update: (id: number, body: Body) => adminApi.put<TermsView>(`/api/admin/futures/terms/${id}`, body),
  },
  secondPeriods: crud<SecondPeriod>('/api/admin/second-contracts/periods'),
  optionPeriods: crud<OptionPeriod>('/api/admin/options/periods'),
  earn: {
    ...crud<EarnProduct>('/api/admin/earn/products'),
    publishRate: (id: number, body: Body) => adminApi.post<EarnProduct>(`/api/admin/earn/products/${id}/rates`, body),
  },
  welfareTasks: crud<WelfareTask>('/api/admin/welfare/tasks'),
  welfareCondition: {
    get: () => adminApi.get<S['ConditionView']>('/api/admin/welfare/condition'),
    set: (minDeposit: string, reason: string) => adminApi.put<S['ConditionView']>('/api/admin/welfare/condition', { minDeposit, reason }),
  },
  setCalendar: (days: { day: number; amount: string; coin: string }[], reason: string) => adminApi.put<CalendarDayView[]>('/api/admin/welfare/calendar', { days, reason }),
  bonusRules: crud<BonusRule>('/api/admin/depositBonusRules'),
  traders: (status: number | null, pageNum: number, pageSize: number) =>
    adminApi.get<AdminPage<TraderApplication>>('/api/admin/follow/traders', status === null ? { pageNum, pageSize } : { status, pageNum, pageSize }),
  reviewTrader: (id: number, approve: boolean, reason: string) => adminApi.post<TraderApplication>(`/api/admin/follow/traders/${id}/review`, { approve, reason }),
  blockedCountries: (product: 'second-contracts' | 'options') => ({
    get: () => adminApi.get<string[]>(`/api/admin/${product}/blocked-countries`),
    put: (countries: string[], reason: string) => adminApi.put<string[]>(`/api/admin/${product}/blocked-countries`, { countries, reason }),
  }),
};

export const cq = {
  coins: ['console', 'catalogue', 'coins'] as const,
  spot: ['console', 'catalogue', 'spot'] as const,
  contracts: ['console', 'catalogue', 'contracts'] as const,
  options: ['console', 'catalogue', 'options'] as const,
  futuresTerms: ['console', 'products', 'futures-terms'] as const,
  secondPeriods: ['console', 'products', 'second-periods'] as const,
  optionPeriods: ['console', 'products', 'option-periods'] as const,
  earn: ['console', 'products', 'earn'] as const,
  welfareTasks: ['console', 'products', 'welfare-tasks'] as const,
  calendar: ['console', 'products', 'welfare-calendar'] as const,
  condition: ['console', 'products', 'welfare-condition'] as const,
  bonusRules: ['console', 'products', 'bonus-rules'] as const,
  traders: ['console', 'products', 'traders'] as const,
  blocked: (p: string) => ['console', 'products', 'blocked', p] as const,
};
