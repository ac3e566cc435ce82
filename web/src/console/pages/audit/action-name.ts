// An audit action's name for people: `kyc.approve` reads "KYC approved" in
// the operator's language; a code the console has no name for (a newer
// server's) is shown as it is, never hidden.
import { keyFor } from '../../keys';
import type { CT } from '../../layout/useCt';

export function actionName(action: string, t: CT): string {
  return t(keyFor('audit.action.', action), { defaultValue: action });
}
