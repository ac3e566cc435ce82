/** The options screens: each is loaded when its route is first opened (app/routes.tsx). */
export const screens = {
  options: () => import('./routes/OptionsScreen'),
};
