import type { HTMLAttributes } from 'react';
import './Card.css';

export function Card({ className, ...props }: HTMLAttributes<HTMLElement> & { as?: 'div' }) {
  return <div {...props} className={['ui-card', className ?? ''].join(' ').trim()} />;
}
