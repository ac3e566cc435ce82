import { Icon, type IconName } from '@/shared/ui';

export function BoundBanner({ icon, label, value, hint, testId }: { icon: IconName; label: string; value: string; hint?: string; testId?: string }) {
  return (
    <div className="bound card" data-testid={testId}>
      <span className="cell-icon">
        <Icon name={icon} size={20} />
      </span>
      <div style={{ minWidth: 0 }}>
        <p className="muted small">{label}</p>
        <p className="bound-value" data-testid={testId ? `${testId}-value` : undefined}>{value}</p>
        {hint ? <p className="muted small">{hint}</p> : null}
      </div>
      <span className="chip chip-success" style={{ marginInlineStart: 'auto' }}>
        <Icon name="check" size={12} />
      </span>
    </div>
  );
}
