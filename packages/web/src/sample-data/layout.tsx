import type { Decorator } from '@storybook/react-vite';
import { NotificationBanner } from '../app/NotificationBanner.tsx';

/**
 * A part of a page shown alone still sits in the page's main landmark, with the root's
 * notification area beside it (where the machines' notices appear), as in the running app.
 */
export function inMain(className?: string): Decorator {
  return (Story) => (
    <>
      <main className={className}>
        <Story />
      </main>
      <NotificationBanner />
    </>
  );
}
