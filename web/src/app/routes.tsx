import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import { paths } from '@/shared/config/paths';

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
  { path: paths.invaite, ...lazy(() => import('@/features/invite/routes/InviteScreen')) },
  // Products that arrive in later issues: real screens with their empty state, no fake data.
  { path: paths.finance, ...lazy(() => import('@/features/finance/routes/FinanceScreen')) },
  { path: paths.financeSubscribe, ...lazy(() => import('@/features/finance/routes/FinanceSubscribeScreen')) },
  { path: paths.withdrawDeposit, ...lazy(() => import('@/features/wallet-transfers/routes/WithdrawDepositScreen')) },
  { path: paths.withdraw, ...lazy(() => import('@/features/wallet-transfers/routes/WithdrawScreen')) },
  { path: paths.withdrawDrawings, ...lazy(() => import('@/features/wallet-transfers/routes/WithdrawRecordsScreen')) },
  { path: paths.recharge, ...lazy(() => import('@/features/wallet-transfers/routes/RechargeScreen')) },
  { path: paths.rechargeMethod, ...lazy(() => import('@/features/wallet-transfers/routes/RechargeMethodScreen')) },
  { path: paths.cashflow, ...lazy(() => import('@/features/wallet-transfers/routes/CashFlowScreen')) },
  { path: paths.flashExchange, ...lazy(() => import('@/features/exchange/routes/FlashExchangeScreen')) },
  { path: paths.exchange, ...lazy(() => import('@/features/exchange/routes/ExchangeScreen')) },
  { path: paths.store, ...lazy(() => import('@/features/store/routes/StoreScreen')) },
  { path: paths.proxy, ...lazy(() => import('@/features/proxy/routes/ProxyScreen')) },
  { path: paths.proxyRecords, ...lazy(() => import('@/features/proxy/routes/ProxyRecordsScreen')) },
  { path: paths.proxyEarnings, ...lazy(() => import('@/features/proxy/routes/ProxyEarningsScreen')) },
  { path: paths.trade, ...lazy(() => import('@/features/trading/routes/TradeScreen')) },
  { path: paths.contract, ...lazy(() => import('@/features/trading/routes/ContractScreen')) },
  { path: paths.flash, ...lazy(() => import('@/features/trading/routes/FlashScreen')) },
  { path: paths.flashOption, ...lazy(() => import('@/features/trading/routes/FlashOptionScreen')) },
  { path: paths.follow, ...lazy(() => import('@/features/trading/routes/CopyTradingScreen')) },
  { path: paths.marketDetail, ...lazy(() => import('@/features/market/routes/MarketDetailScreen')) },
  { path: paths.search, ...lazy(() => import('@/features/trading/routes/SearchScreen')) },
  { path: paths.livecoin, ...lazy(() => import('@/features/livecoin/routes/LiveCoinScreen')) },
  { path: paths.livecoinSubscribe, ...lazy(() => import('@/features/livecoin/routes/LiveCoinSubscribeScreen')) },
  { path: paths.livecoinOrders, ...lazy(() => import('@/features/livecoin/routes/LiveCoinOrdersScreen')) },
  { path: paths.floworder, ...lazy(() => import('@/features/floworder/routes/FlowOrderScreen')) },
  { path: paths.floworderConfirm, ...lazy(() => import('@/features/floworder/routes/FlowOrderConfirmScreen')) },
  { path: paths.floworderMine, ...lazy(() => import('@/features/floworder/routes/FlowOrderMineScreen')) },
  { path: paths.floworderApply, ...lazy(() => import('@/features/floworder/routes/FlowOrderApplyScreen')) },
  { path: paths.welfare, ...lazy(() => import('@/features/welfare/routes/WelfareScreen')) },
  { path: '*', ...lazy(() => import('@/features/content/routes/NotFoundScreen')) },
];
