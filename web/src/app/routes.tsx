import type { ComponentType } from 'react';
import { redirect, type RouteObject } from 'react-router';
import { MENU_ALIASES, paths } from '@/shared/config/paths';

// Each feature's index, imported only when one of its routes is opened.
const account = () => import('@/features/account').then(({ screens }) => screens);
const agent = () => import('@/features/agent').then(({ screens }) => screens);
const auth = () => import('@/features/auth').then(({ screens }) => screens);
const content = () => import('@/features/content').then(({ screens }) => screens);
const copyTrading = () => import('@/features/copy-trading').then(({ screens }) => screens);
const exchange = () => import('@/features/exchange').then(({ screens }) => screens);
const finance = () => import('@/features/finance').then(({ screens }) => screens);
const futures = () => import('@/features/futures').then(({ screens }) => screens);
const help = () => import('@/features/help').then(({ screens }) => screens);
const home = () => import('@/features/home').then(({ screens }) => screens);
const kyc = () => import('@/features/kyc').then(({ screens }) => screens);
const language = () => import('@/features/language').then(({ screens }) => screens);
const market = () => import('@/features/market').then(({ screens }) => screens);
const markets = () => import('@/features/markets').then(({ screens }) => screens);
const messages = () => import('@/features/messages').then(({ screens }) => screens);
const options = () => import('@/features/options').then(({ screens }) => screens);
const referral = () => import('@/features/referral').then(({ screens }) => screens);
const rewards = () => import('@/features/rewards').then(({ screens }) => screens);
const secondContracts = () => import('@/features/second-contracts').then(({ screens }) => screens);
const security = () => import('@/features/security').then(({ screens }) => screens);
const spot = () => import('@/features/spot').then(({ screens }) => screens);
const staking = () => import('@/features/staking').then(({ screens }) => screens);
const wallet = () => import('@/features/wallet').then(({ screens }) => screens);

type Loader = () => Promise<{ default: ComponentType }>;

/**
 * Every route is loaded lazily (spec 2): its feature's index (never in the
 * entry bundle), then the screen's own chunk through the index's `screens`.
 */
const lazy = <S extends Record<string, Loader>>(screens: () => Promise<S>, screen: keyof S): Pick<RouteObject, 'lazy'> => ({
  lazy: async () => ({ Component: (await (await screens())[screen]()).default }),
});

export const routes: RouteObject[] = [
  { path: paths.home, ...lazy(home, 'home') },
  { path: paths.lr, ...lazy(auth, 'loginRegisterChooser') },
  { path: paths.login, ...lazy(auth, 'login') },
  { path: paths.register, ...lazy(auth, 'register') },
  { path: paths.forget, ...lazy(auth, 'forgetPassword') },
  // A public path (spec: signed-out navigation): setting a new password with a code.
  { path: paths.setpwd, ...lazy(auth, 'forgetPassword') },
  { path: paths.wallet, ...lazy(account, 'personalCentre') },
  { path: paths.changePassword, ...lazy(security, 'changeLoginPassword') },
  { path: paths.fundPassword, ...lazy(security, 'fundPassword') },
  { path: paths.emailAuthentication, ...lazy(security, 'emailBinding') },
  { path: paths.phoneAuth, ...lazy(security, 'phoneBinding') },
  { path: paths.userauth, ...lazy(kyc, 'identityVerification') },
  { path: paths.message, ...lazy(messages, 'messageList') },
  { path: paths.messageDetail, ...lazy(messages, 'messageDetail') },
  { path: paths.help, ...lazy(help, 'helpCentre') },
  { path: paths.helpDetail, ...lazy(help, 'helpDetail') },
  { path: paths.termService, ...lazy(content, 'terms') },
  { path: paths.about, ...lazy(content, 'about') },
  { path: paths.download, ...lazy(content, 'download') },
  { path: paths.langList, ...lazy(language, 'languageList') },
  { path: paths.referral, ...lazy(referral, 'invite') },
  // Products that arrive in later issues: real screens with their empty state, no fake data.
  { path: paths.finance, ...lazy(finance, 'finance') },
  { path: paths.financeSubscribe, ...lazy(finance, 'financeSubscribe') },
  { path: paths.depositOrWithdraw, ...lazy(wallet, 'withdrawDeposit') },
  { path: paths.withdraw, ...lazy(wallet, 'withdraw') },
  { path: paths.withdrawalRecords, ...lazy(wallet, 'withdrawRecords') },
  { path: paths.deposit, ...lazy(wallet, 'recharge') },
  { path: paths.depositMethod, ...lazy(wallet, 'rechargeMethod') },
  { path: paths.financialRecords, ...lazy(wallet, 'cashFlow') },
  { path: paths.flashExchange, ...lazy(exchange, 'flashExchange') },
  { path: paths.exchange, ...lazy(exchange, 'exchange') },
  { path: paths.markets, ...lazy(markets, 'store') },
  { path: paths.agent, ...lazy(agent, 'proxy') },
  { path: paths.agentRecords, ...lazy(agent, 'proxyRecords') },
  { path: paths.agentEarnings, ...lazy(agent, 'proxyEarnings') },
  { path: paths.trade, ...lazy(spot, 'trade') },
  { path: paths.futures, ...lazy(futures, 'futures') },
  { path: paths.secondContracts, ...lazy(secondContracts, 'secondContracts') },
  { path: paths.options, ...lazy(options, 'options') },
  { path: paths.copyTradingFollow, ...lazy(copyTrading, 'flowOrder') },
  { path: paths.marketDetail, ...lazy(market, 'marketDetail') },
  { path: paths.search, ...lazy(spot, 'search') },
  { path: paths.staking, ...lazy(staking, 'liveCoin') },
  { path: paths.stakingSubscribe, ...lazy(staking, 'liveCoinSubscribe') },
  { path: paths.stakingOrders, ...lazy(staking, 'liveCoinOrders') },
  { path: paths.copyTrading, ...lazy(copyTrading, 'flowOrder') },
  { path: paths.copyTradingConfirm, ...lazy(copyTrading, 'flowOrderConfirm') },
  { path: paths.copyTradingMine, ...lazy(copyTrading, 'flowOrderMine') },
  { path: paths.copyTradingApply, ...lazy(copyTrading, 'flowOrderApply') },
  { path: paths.copyTradingTrader, ...lazy(copyTrading, 'flowOrderTrader') },
  { path: paths.rewards, ...lazy(rewards, 'welfare') },
  // Links the menu settings name (and users bookmark) open the screen that serves them.
  ...Object.entries(MENU_ALIASES).map(([path, to]) => ({ path, loader: () => redirect(to) })),
  { path: '*', ...lazy(content, 'notFound') },
];
