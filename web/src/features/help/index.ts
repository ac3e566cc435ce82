/** The help screens: each is loaded when its route is first opened (app/routes.tsx). */
export const screens = {
  helpCentre: () => import('./routes/HelpCentreScreen'),
  helpDetail: () => import('./routes/HelpDetailScreen'),
};
