import type { ReactNode } from 'react';
import { Button as AriaButton } from 'react-aria-components';
import './Banner.css';

export type BannerTone = 'error' | 'success' | 'warning' | 'info';

export interface BannerProps {
  tone: BannerTone;
  children: ReactNode;
  onDismiss?: () => void;
}

/** A message in the page flow; errors interrupt screen readers, the rest are polite. */
export function Banner({ tone, children, onDismiss }: BannerProps) {
  return (
    <div className="ui-banner" data-tone={tone} role={tone === 'error' ? 'alert' : 'status'}>
      <p>{children}</p>
      {onDismiss ? (
        <AriaButton className="ui-banner__close" aria-label="Fermer" onPress={onDismiss}>
          ×
        </AriaButton>
      ) : null}
    </div>
  );
}

/**
 * A live region always present in the page, so messages added later are announced
 * (a region inserted together with its message is often missed by screen readers).
 */
export function ToastRegion({ children, label }: { children: ReactNode; label: string }) {
  return (
    <div className="ui-toast-region" aria-label={label} role="region">
      {children}
    </div>
  );
}
