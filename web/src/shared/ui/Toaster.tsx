import { useToastStore } from './toast-store';

export function Toaster() {
  const items = useToastStore((s) => s.items);
  return (
    <div className="toaster" aria-live="polite">
      {items.map((item) => (
        <div key={item.id} className={`toast toast-${item.kind}`} role="status" data-testid="toast">
          {item.text}
        </div>
      ))}
    </div>
  );
}
