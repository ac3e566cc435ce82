/** The auth screens: each is loaded when its route is first opened (app/routes.tsx). */
export const screens = {
  loginRegisterChooser: () => import('./routes/LoginRegisterChooser'),
  login: () => import('./routes/LoginScreen'),
  register: () => import('./routes/RegisterScreen'),
  forgetPassword: () => import('./routes/ForgetPasswordScreen'),
};

export { useCredentialRules, type CredentialRules } from './api/get-credential-rules';
export { allMet, fundPasswordChecks, passwordChecks, usernameChecks, type RuleCheck } from './lib/credential-rules';
export { RuleList } from './components/RuleList';
