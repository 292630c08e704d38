import type { ReactNode } from 'react';
import './Card.css';

export function Badge({
  children,
  tone = 'primary',
}: {
  children: ReactNode;
  tone?: 'primary' | 'accent' | 'success';
}) {
  return (
    <span className="ui-badge" data-tone={tone}>
      {children}
    </span>
  );
}
