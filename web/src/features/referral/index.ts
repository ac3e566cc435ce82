/** The referral screens: each is loaded when its route is first opened (app/routes.tsx). */
export const screens = {
  invite: () => import('./routes/InviteScreen'),
};
