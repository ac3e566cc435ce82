/** The content screens: each is loaded when its route is first opened (app/routes.tsx). */
export const screens = {
  terms: () => import('./routes/TermsScreen'),
  about: () => import('./routes/AboutScreen'),
  download: () => import('./routes/DownloadScreen'),
  notFound: () => import('./routes/NotFoundScreen'),
};

export { getRules, useRules, type Rule } from './api/get-rules';
