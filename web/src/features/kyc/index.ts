/** The kyc screens: each is loaded when its route is first opened (app/routes.tsx). */
export const screens = {
  identityVerification: () => import('./routes/IdentityVerificationScreen'),
};
