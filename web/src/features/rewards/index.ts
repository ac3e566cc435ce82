/** The rewards screens: each is loaded when its route is first opened (app/routes.tsx). */
export const screens = {
  welfare: () => import('./routes/WelfareScreen'),
};
