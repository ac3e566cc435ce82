/** The markets screens: each is loaded when its route is first opened (app/routes.tsx). */
export const screens = {
  store: () => import('./routes/StoreScreen'),
};
