/** The market screens: each is loaded when its route is first opened (app/routes.tsx). */
export const screens = {
  marketDetail: () => import('./routes/MarketDetailScreen'),
};
