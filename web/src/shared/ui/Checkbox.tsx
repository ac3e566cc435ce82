import type { ReactNode } from 'react';
import { Icon } from './Icon';

export function Checkbox({ checked, onChange, children, testId, className = '' }: { checked: boolean; onChange: (v: boolean) => void; children: ReactNode; testId?: string; className?: string }) {
  return (
    <label className={`checkbox ${className}`.trim()}>
      <input type="checkbox" checked={checked} onChange={(e) => onChange(e.target.checked)} data-testid={testId} />
      <span className="checkbox-box">{checked ? <Icon name="check" size={14} /> : null}</span>
      <span>{children}</span>
    </label>
  );
}
