import type { HTMLAttributes, ReactNode } from 'react';

/**
 * A number, sign, percentage, price, time or range that keeps its left-to-right
 * order inside right-to-left text: "+2.13%" stays "+2.13%" in Arabic instead of
 * "2.13%+", "(+08:00)" instead of "(08:00+)". An isolate (<bdi dir="ltr">), so
 * the text around it is not reordered either.
 */
export function Ltr({ children, testId, ...rest }: { children: ReactNode; testId?: string } & HTMLAttributes<HTMLElement>) {
  return (
    <bdi dir="ltr" data-testid={testId} {...rest}>
      {children}
    </bdi>
  );
}
