/** The second-contracts screens: each is loaded when its route is first opened (app/routes.tsx). */
export const screens = {
  secondContracts: () => import('./routes/SecondContractsScreen'),
};

export { SecondContractPanel } from './components/SecondContractPanel';
