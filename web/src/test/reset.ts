import { useSession } from '@/shared/session/session-store';
import { useToastStore } from '@/shared/ui/toast-store';

/** Fresh storage and stores for each test. */
export function resetAll(): void {
  localStorage.clear();
  sessionStorage.clear();
  useSession.getState().reset();
  useSession.setState({ token: '', isSign: false, userInfo: null, assets: [], language: '', languageId: '', testPlatform: null, customerServiceList: [], loading: false });
  useToastStore.setState({ items: [] });
  document.documentElement.setAttribute('lang', 'en');
}

export function toastTexts(): string[] {
  return useToastStore.getState().items.map((t) => t.text);
}
