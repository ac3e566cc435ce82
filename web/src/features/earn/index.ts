/**
 * Earn: the finance and staking products' shared API, hooks, interest maths and
 * parts (amount input, order cards, redemption). No screen of its own:
 * features/finance and features/staking compose it.
 */
export { submitFinance, submitStaking, type Classify, type EarnOrder, type FinanceProduct, type FinanceSubmit, type RateEntry, type StakingProduct, type StakingSubmit } from './api';
export { AmountInput } from './components/AmountInput';
export { Disclosures, earlyRuleText, settlementText } from './components/Disclosures';
export { EarnOrders } from './components/EarnOrders';
export { Fact, Facts } from './components/Fact';
export { ProductIcon } from './components/ProductIcon';
export { Summary } from './components/Summary';
export { default as earnStyles } from './earn.module.css';
export { useFinanceProduct, useFinanceProducts, useNow, usePersonalIncome, useRefreshEarn, useStakingProducts, useStakingSummary } from './hooks';
export { daysText, pct, pctRange, utcDateTime } from './lib/display';
export { EARN_SCALE, financeDaily, financeTermInterest, fractionToPercent, interestStart, maturity, maxAmount, parseAmount, rateOn, stakingDaily, stakingTermEstimate, termDays, utcDay } from './lib/interest';
