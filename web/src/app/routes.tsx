import type { ComponentType } from 'react';
import { redirect, type RouteObject } from 'react-router';
import { MENU_ALIASES, paths } from '@/shared/config/paths';

type Loader = () => Promise<{ default: ComponentType }>;

/** Every route is loaded lazily (spec 2). */
const lazy = (load: Loader): Pick<RouteObject, 'lazy'> => ({
  lazy: async () => ({ Component: (await load()).default }),
});

export const routes: RouteObject[] = [
  { path: paths.home, ...lazy(() => import('@/features/home/routes/HomeScreen')) },
  { path: paths.lr, ...lazy(() => import('@/features/auth/routes/LoginRegisterChooser')) },
  { path: paths.login, ...lazy(() => import('@/features/auth/routes/LoginScreen')) },
  { path: paths.register, ...lazy(() => import('@/features/auth/routes/RegisterScreen')) },
  { path: paths.forget, ...lazy(() => import('@/features/auth/routes/ForgetPasswordScreen')) },
  { path: paths.wallet, ...lazy(() => import('@/features/account/routes/PersonalCentreScreen')) },
  { path: paths.changePassword, ...lazy(() => import('@/features/security/routes/ChangeLoginPasswordScreen')) },
  { path: paths.fundPassword, ...lazy(() => import('@/features/security/routes/FundPasswordScreen')) },
  { path: paths.emailAuthentication, ...lazy(() => import('@/features/security/routes/EmailBindingScreen')) },
  { path: paths.phoneAuth, ...lazy(() => import('@/features/security/routes/PhoneBindingScreen')) },
  { path: paths.userauth, ...lazy(() => import('@/features/kyc/routes/IdentityVerificationScreen')) },
  { path: paths.message, ...lazy(() => import('@/features/messages/routes/MessageListScreen')) },
  { path: paths.messageDetail, ...lazy(() => import('@/features/messages/routes/MessageDetailScreen')) },
  { path: paths.help, ...lazy(() => import('@/features/help/routes/HelpCentreScreen')) },
  { path: paths.helpDetail, ...lazy(() => import('@/features/help/routes/HelpDetailScreen')) },
  { path: paths.termService, ...lazy(() => import('@/features/content/routes/TermsScreen')) },
  { path: paths.about, ...lazy(() => import('@/features/content/routes/AboutScreen')) },
  { path: paths.download, ...lazy(() => import('@/features/content/routes/DownloadScreen')) },
  { path: paths.langList, ...lazy(() => import('@/features/language/routes/LanguageListScreen')) },
  { path: paths.referral, ...lazy(() => import('@/features/referral/routes/InviteScreen')) },
  // Products that arrive in later issues: real screens with their empty state, no fake data.
  { path: paths.finance, ...lazy(() => import('@/features/finance/routes/FinanceScreen')) },
  { path: paths.financeSubscribe, ...lazy(() => import('@/features/finance/routes/FinanceSubscribeScreen')) },
  { path: paths.depositOrWithdraw, ...lazy(() => import('@/features/wallet/routes/WithdrawDepositScreen')) },
  { path: paths.withdraw, ...lazy(() => import('@/features/wallet/routes/WithdrawScreen')) },
  { path: paths.withdrawalRecords, ...lazy(() => import('@/features/wallet/routes/WithdrawRecordsScreen')) },
  { path: paths.deposit, ...lazy(() => import('@/features/wallet/routes/RechargeScreen')) },
  { path: paths.depositMethod, ...lazy(() => import('@/features/wallet/routes/RechargeMethodScreen')) },
  { path: paths.financialRecords, ...lazy(() => import('@/features/wallet/routes/CashFlowScreen')) },
  { path: paths.flashExchange, ...lazy(() => import('@/features/exchange/routes/FlashExchangeScreen')) },
  { path: paths.exchange, ...lazy(() => import('@/features/exchange/routes/ExchangeScreen')) },
  { path: paths.markets, ...lazy(() => import('@/features/markets/routes/StoreScreen')) },
  { path: paths.agent, ...lazy(() => import('@/features/agent/routes/ProxyScreen')) },
  { path: paths.agentRecords, ...lazy(() => import('@/features/agent/routes/ProxyRecordsScreen')) },
  { path: paths.agentEarnings, ...lazy(() => import('@/features/agent/routes/ProxyEarningsScreen')) },
  { path: paths.trade, ...lazy(() => import('@/features/spot/routes/TradeScreen')) },
  { path: paths.futures, ...lazy(() => import('@/features/futures/routes/FuturesScreen')) },
  { path: paths.secondContracts, ...lazy(() => import('@/features/second-contracts/routes/SecondContractsScreen')) },
  { path: paths.options, ...lazy(() => import('@/features/options/routes/OptionsScreen')) },
  { path: paths.copyTradingFollow, ...lazy(() => import('@/features/copy-trading/routes/FlowOrderScreen')) },
  { path: paths.marketDetail, ...lazy(() => import('@/features/market/routes/MarketDetailScreen')) },
  { path: paths.search, ...lazy(() => import('@/features/spot/routes/SearchScreen')) },
  { path: paths.staking, ...lazy(() => import('@/features/staking/routes/LiveCoinScreen')) },
  { path: paths.stakingSubscribe, ...lazy(() => import('@/features/staking/routes/LiveCoinSubscribeScreen')) },
  { path: paths.stakingOrders, ...lazy(() => import('@/features/staking/routes/LiveCoinOrdersScreen')) },
  { path: paths.copyTrading, ...lazy(() => import('@/features/copy-trading/routes/FlowOrderScreen')) },
  { path: paths.copyTradingConfirm, ...lazy(() => import('@/features/copy-trading/routes/FlowOrderConfirmScreen')) },
  { path: paths.copyTradingMine, ...lazy(() => import('@/features/copy-trading/routes/FlowOrderMineScreen')) },
  { path: paths.copyTradingApply, ...lazy(() => import('@/features/copy-trading/routes/FlowOrderApplyScreen')) },
  { path: paths.copyTradingTrader, ...lazy(() => import('@/features/copy-trading/routes/FlowOrderTraderScreen')) },
  { path: paths.rewards, ...lazy(() => import('@/features/rewards/routes/WelfareScreen')) },
  // Links the menu settings name (and users bookmark) open the screen that serves them.
  ...Object.entries(MENU_ALIASES).map(([path, to]) => ({ path, loader: () => redirect(to) })),
  { path: '*', ...lazy(() => import('@/features/content/routes/NotFoundScreen')) },
];
