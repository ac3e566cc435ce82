import type { ComponentType } from 'react';
import { redirect, type RouteObject } from 'react-router';
import { MENU_ALIASES, paths } from '@/shared/config/paths';
import { screens as account } from '@/features/account';
import { screens as agent } from '@/features/agent';
import { screens as auth } from '@/features/auth';
import { screens as content } from '@/features/content';
import { screens as copyTrading } from '@/features/copy-trading';
import { screens as exchange } from '@/features/exchange';
import { screens as finance } from '@/features/finance';
import { screens as futures } from '@/features/futures';
import { screens as help } from '@/features/help';
import { screens as home } from '@/features/home';
import { screens as kyc } from '@/features/kyc';
import { screens as language } from '@/features/language';
import { screens as market } from '@/features/market';
import { screens as markets } from '@/features/markets';
import { screens as messages } from '@/features/messages';
import { screens as options } from '@/features/options';
import { screens as referral } from '@/features/referral';
import { screens as rewards } from '@/features/rewards';
import { screens as secondContracts } from '@/features/second-contracts';
import { screens as security } from '@/features/security';
import { screens as spot } from '@/features/spot';
import { screens as staking } from '@/features/staking';
import { screens as wallet } from '@/features/wallet';

type Loader = () => Promise<{ default: ComponentType }>;

/** Every route is loaded lazily (spec 2). */
const lazy = (load: Loader): Pick<RouteObject, 'lazy'> => ({
  lazy: async () => ({ Component: (await load()).default }),
});

export const routes: RouteObject[] = [
  { path: paths.home, ...lazy(home.home) },
  { path: paths.lr, ...lazy(auth.loginRegisterChooser) },
  { path: paths.login, ...lazy(auth.login) },
  { path: paths.register, ...lazy(auth.register) },
  { path: paths.forget, ...lazy(auth.forgetPassword) },
  { path: paths.wallet, ...lazy(account.personalCentre) },
  { path: paths.changePassword, ...lazy(security.changeLoginPassword) },
  { path: paths.fundPassword, ...lazy(security.fundPassword) },
  { path: paths.emailAuthentication, ...lazy(security.emailBinding) },
  { path: paths.phoneAuth, ...lazy(security.phoneBinding) },
  { path: paths.userauth, ...lazy(kyc.identityVerification) },
  { path: paths.message, ...lazy(messages.messageList) },
  { path: paths.messageDetail, ...lazy(messages.messageDetail) },
  { path: paths.help, ...lazy(help.helpCentre) },
  { path: paths.helpDetail, ...lazy(help.helpDetail) },
  { path: paths.termService, ...lazy(content.terms) },
  { path: paths.about, ...lazy(content.about) },
  { path: paths.download, ...lazy(content.download) },
  { path: paths.langList, ...lazy(language.languageList) },
  { path: paths.referral, ...lazy(referral.invite) },
  // Products that arrive in later issues: real screens with their empty state, no fake data.
  { path: paths.finance, ...lazy(finance.finance) },
  { path: paths.financeSubscribe, ...lazy(finance.financeSubscribe) },
  { path: paths.depositOrWithdraw, ...lazy(wallet.withdrawDeposit) },
  { path: paths.withdraw, ...lazy(wallet.withdraw) },
  { path: paths.withdrawalRecords, ...lazy(wallet.withdrawRecords) },
  { path: paths.deposit, ...lazy(wallet.recharge) },
  { path: paths.depositMethod, ...lazy(wallet.rechargeMethod) },
  { path: paths.financialRecords, ...lazy(wallet.cashFlow) },
  { path: paths.flashExchange, ...lazy(exchange.flashExchange) },
  { path: paths.exchange, ...lazy(exchange.exchange) },
  { path: paths.markets, ...lazy(markets.store) },
  { path: paths.agent, ...lazy(agent.proxy) },
  { path: paths.agentRecords, ...lazy(agent.proxyRecords) },
  { path: paths.agentEarnings, ...lazy(agent.proxyEarnings) },
  { path: paths.trade, ...lazy(spot.trade) },
  { path: paths.futures, ...lazy(futures.futures) },
  { path: paths.secondContracts, ...lazy(secondContracts.secondContracts) },
  { path: paths.options, ...lazy(options.options) },
  { path: paths.copyTradingFollow, ...lazy(copyTrading.flowOrder) },
  { path: paths.marketDetail, ...lazy(market.marketDetail) },
  { path: paths.search, ...lazy(spot.search) },
  { path: paths.staking, ...lazy(staking.liveCoin) },
  { path: paths.stakingSubscribe, ...lazy(staking.liveCoinSubscribe) },
  { path: paths.stakingOrders, ...lazy(staking.liveCoinOrders) },
  { path: paths.copyTrading, ...lazy(copyTrading.flowOrder) },
  { path: paths.copyTradingConfirm, ...lazy(copyTrading.flowOrderConfirm) },
  { path: paths.copyTradingMine, ...lazy(copyTrading.flowOrderMine) },
  { path: paths.copyTradingApply, ...lazy(copyTrading.flowOrderApply) },
  { path: paths.copyTradingTrader, ...lazy(copyTrading.flowOrderTrader) },
  { path: paths.rewards, ...lazy(rewards.welfare) },
  // Links the menu settings name (and users bookmark) open the screen that serves them.
  ...Object.entries(MENU_ALIASES).map(([path, to]) => ({ path, loader: () => redirect(to) })),
  { path: '*', ...lazy(content.notFound) },
];
