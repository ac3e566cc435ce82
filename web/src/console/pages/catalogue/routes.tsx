// The catalogue and product pages for the console's router and menu (see
// routes-extra.tsx), loaded when first opened. The handlers ask editSettings
// of all of them but two: lead-trader review (list readUsers, review
// reviewKyc) and deposit bonus rules (reviewFunds).
import { lazy, Suspense, type ComponentType } from 'react';
import type { ConsoleRoute } from '../../routes-extra';
import type { ConsoleKey } from '../../keys';
import { Loading } from '../../layout/ui';

const catalogue = () => import('./CataloguePages');
const products = () => import('./ProductPages');

const CoinsPage = lazy(() => catalogue().then((m) => ({ default: m.CoinsPage })));
const SpotPairsPage = lazy(() => catalogue().then((m) => ({ default: m.SpotPairsPage })));
const ContractPairsPage = lazy(() => catalogue().then((m) => ({ default: m.ContractPairsPage })));
const OptionPairsPage = lazy(() => catalogue().then((m) => ({ default: m.OptionPairsPage })));
const FuturesTermsPage = lazy(() => products().then((m) => ({ default: m.FuturesTermsPage })));
const SecondContractsPage = lazy(() => products().then((m) => ({ default: m.SecondContractsPage })));
const OptionPeriodsPage = lazy(() => products().then((m) => ({ default: m.OptionPeriodsPage })));
const EarnPage = lazy(() => products().then((m) => ({ default: m.EarnPage })));
const WelfarePage = lazy(() => products().then((m) => ({ default: m.WelfarePage })));
const DepositBonusPage = lazy(() => products().then((m) => ({ default: m.DepositBonusPage })));
const TradersPage = lazy(() => import('./TradersPage').then((m) => ({ default: m.TradersPage })));

const route = (path: string, menuKey: ConsoleKey, permission: string, Page: ComponentType): ConsoleRoute => ({
  path,
  menuKey,
  permission,
  element: (
    <Suspense fallback={<Loading />}>
      <Page />
    </Suspense>
  ),
});

export const catalogueRoutes: ConsoleRoute[] = [
  route('catalogue/coins', 'catalogue.menu.coins', 'editSettings', CoinsPage),
  route('catalogue/spot', 'catalogue.menu.spot', 'editSettings', SpotPairsPage),
  route('catalogue/futures', 'catalogue.menu.futures', 'editSettings', ContractPairsPage),
  route('catalogue/options', 'catalogue.menu.options', 'editSettings', OptionPairsPage),
  route('products/futures', 'catalogue.menu.futuresTerms', 'editSettings', FuturesTermsPage),
  route('products/second-contracts', 'catalogue.menu.second', 'editSettings', SecondContractsPage),
  route('products/options', 'catalogue.menu.optionPeriods', 'editSettings', OptionPeriodsPage),
  route('products/earn', 'catalogue.menu.earn', 'editSettings', EarnPage),
  route('products/welfare', 'catalogue.menu.welfare', 'editSettings', WelfarePage),
  route('products/traders', 'catalogue.menu.traders', 'reviewKyc', TradersPage),
  route('products/deposit-bonus', 'catalogue.menu.bonus', 'reviewFunds', DepositBonusPage),
];
