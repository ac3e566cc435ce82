/** The agent screens: each is loaded when its route is first opened (app/routes.tsx). */
export const screens = {
  proxy: () => import('./routes/ProxyScreen'),
  proxyRecords: () => import('./routes/ProxyRecordsScreen'),
  proxyEarnings: () => import('./routes/ProxyEarningsScreen'),
};
