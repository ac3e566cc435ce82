/** The security screens: each is loaded when its route is first opened (app/routes.tsx). */
export const screens = {
  changeLoginPassword: () => import('./routes/ChangeLoginPasswordScreen'),
  fundPassword: () => import('./routes/FundPasswordScreen'),
  emailBinding: () => import('./routes/EmailBindingScreen'),
  phoneBinding: () => import('./routes/PhoneBindingScreen'),
};
