/** The account screens: each is loaded when its route is first opened (app/routes.tsx). */
export const screens = {
  personalCentre: () => import('./routes/PersonalCentreScreen'),
};
