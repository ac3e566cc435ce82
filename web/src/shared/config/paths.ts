/** Every route of the app, named once. */
export const paths = {
  home: '/',
  lr: '/lr',
  login: '/login',
  register: '/register',
  forget: '/forget',
  setpwd: '/setpwd',
  finance: '/finance',
  financeSubscribe: '/finance/subscribe/:id',
  depositOrWithdraw: '/withdrawDeposit',
  emailAuthentication: '/emailAuthentication',
  phoneAuth: '/phoneAuth',
  userauth: '/userauth',
  changePassword: '/changePassword',
  fundPassword: '/fund-password',
  message: '/message',
  messageDetail: '/message/detail',
  markets: '/store',
  wallet: '/wallet',
  flashExchange: '/flashExchange',
  exchange: '/exchange',
  withdraw: '/withdraw',
  withdrawalRecords: '/withdraw/drawings',
  agent: '/proxy',
  agentRecords: '/proxy/records',
  agentEarnings: '/proxy/earnings',
  trade: '/trade',
  futures: '/contract',
  secondContracts: '/flash',
  options: '/flashOption',
  langList: '/langList',
  referral: '/invaite',
  staking: '/livecoin',
  stakingSubscribe: '/livecoin/subscribe',
  stakingOrders: '/livecoin/eaorders',
  deposit: '/recharge',
  depositMethod: '/recharge/method',
  help: '/help',
  helpDetail: '/helpDetail/:id',
  termService: '/termService',
  about: '/about',
  copyTrading: '/floworder',
  copyTradingConfirm: '/floworder/confirm/:id',
  copyTradingMine: '/floworder/mine',
  copyTradingApply: '/floworder/apply',
  /** A lead trader's page: profile, stats, daily ROI, positions. Not in the spec's route table. */
  copyTradingTrader: '/floworder/trader/:id',
  search: '/search',
  financialRecords: '/cashflow',
  download: '/download',
  /** Market detail (chart + 24 h stats) of one pair, e.g. /market/btcusdt. Not in the spec's route table. */
  marketDetail: '/market/:symbol',
  /** Named by the server-driven menus (spec 2): the copy-trading list, as /floworder. */
  copyTradingFollow: '/follow',
  // Named by the server-driven menus (spec 2) without a screen of their own yet.
  rewards: '/welfare',
} as const;

export const helpDetailPath = (id: string | number) => `/helpDetail/${id}`;
export const financeSubscribePath = (id: string | number) => `/finance/subscribe/${id}`;
export const copyTradingTraderPath = (id: string | number) => `/floworder/trader/${id}`;
export const copyTradingConfirmPath = (id: string | number) => `/floworder/confirm/${id}`;
export const marketPath = (symbol: string) => `/market/${encodeURIComponent(symbol.toLowerCase())}`;
export const messageDetailPath = (id: string | number) => `/message/detail?id=${encodeURIComponent(String(id))}`;

/** Paths a signed-out visitor may open (spec 4, 6). */
export const PUBLIC_PATHS: readonly string[] = ['/', '/lr', '/login', '/register', '/forget', '/setpwd'];

/** The bottom tab bar shows only on these paths (spec 2). */
export const TAB_BAR_PATHS: readonly string[] = ['/', '/store', '/trade', '/contract', '/wallet', '/invaite', '/flash', '/flashOption'];

/**
 * Menu settings name a few links without a screen of their own (spec 2):
 * map them onto the screen that serves them.
 */
export const MENU_ALIASES: Readonly<Record<string, string>> = {
  '/assets': '/wallet',
  '/invite': '/invaite',
  '/extend': '/invaite',
  '/primary': '/userauth?tab=primary',
  '/advanced': '/userauth?tab=advanced',
  '/option': '/flashOption',
};

export function resolveMenuLink(link: string | undefined | null): string {
  if (!link) return '/';
  const [pathname, search = ''] = link.split('?');
  const mapped = MENU_ALIASES[pathname];
  if (mapped) return mapped;
  return search ? `${pathname}?${search}` : pathname;
}
