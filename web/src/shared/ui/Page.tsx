import type { ReactNode } from 'react';
import { NavBar } from './NavBar';

/** A screen with a nav bar. `narrow` centres forms in a card on desktop. */
export function Page({ title, children, back = true, right, narrow = false, testId }: { title: ReactNode; children: ReactNode; back?: boolean; right?: ReactNode; narrow?: boolean; testId?: string }) {
  return (
    <div className={`page ${narrow ? 'page-narrow' : ''}`} data-testid={testId}>
      <NavBar title={title} back={back} right={right} />
      <main className="page-body">{narrow ? <div className="form-card">{children}</div> : children}</main>
    </div>
  );
}
