/** The home screens: each is loaded when its route is first opened (app/routes.tsx). */
export const screens = {
  home: () => import('./routes/HomeScreen'),
};
