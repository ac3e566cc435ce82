/** The language screens: each is loaded when its route is first opened (app/routes.tsx). */
export const screens = {
  languageList: () => import('./routes/LanguageListScreen'),
};
