import { create } from 'zustand';

export interface ToastItem {
  id: number;
  text: string;
  kind: 'info' | 'success' | 'error';
}

interface ToastState {
  items: ToastItem[];
  show: (text: string, kind?: ToastItem['kind']) => void;
  dismiss: (id: number) => void;
}

let nextId = 1;
const TOAST_MS = 2500;

export const useToastStore = create<ToastState>((set, get) => ({
  items: [],
  show: (text, kind = 'info') => {
    const id = nextId++;
    // keep at most three on screen
    set({ items: [...get().items.slice(-2), { id, text, kind }] });
    setTimeout(() => get().dismiss(id), TOAST_MS);
  },
  dismiss: (id) => set({ items: get().items.filter((t) => t.id !== id) }),
}));

/** Show a short message at the top of the screen. */
export function toast(text: string, kind: ToastItem['kind'] = 'info'): void {
  if (!text) return;
  useToastStore.getState().show(text, kind);
}
