import { useSelector } from '@xstate/react';
import { selectNotification } from '@portal/core';
import { Banner, ToastRegion } from '../ui/Banner.tsx';
import { useServices } from './services.tsx';

/**
 * docs/product.md#notifications: the held notification, in a live region that is always in the
 * page.
 */
export function NotificationBanner() {
  const { notifications } = useServices();
  const notification = useSelector(notifications, selectNotification);
  return (
    <ToastRegion label="Notifications">
      {notification !== null ? (
        <Banner
          tone={notification.type}
          onDismiss={() => notifications.send({ type: 'notification.dismiss' })}
        >
          {notification.message}
        </Banner>
      ) : null}
    </ToastRegion>
  );
}
