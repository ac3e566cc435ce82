import { Link } from 'react-router';
import { BrandMark } from '@/shared/ui';

export function AuthHeader({ title, subtitle }: { title: string; subtitle?: string }) {
  return (
    <div style={{ marginBottom: 22 }}>
      <Link to="/" aria-label="Onyx" style={{ display: 'inline-block', marginBottom: 18 }}>
        <BrandMark />
      </Link>
      <h2 className="form-title">{title}</h2>
      {subtitle ? <p className="form-sub">{subtitle}</p> : null}
    </div>
  );
}
