export type NotificationType = 'success' | 'error' | 'warning' | 'info';

/** docs/product.md#notifications: a notification is a type and a message. */
export interface AppNotification {
  type: NotificationType;
  message: string;
}

/** How machines report something to the person (the app hands in the notifications actor's send). */
export type Notify = (notification: AppNotification) => void;

export interface NotificationsContext {
  current: AppNotification | null;
  durationMs: number;
}

export interface NotificationsInput {
  /** docs/product.md#notifications: 5000 ms by default. */
  durationMs?: number;
}

export type NotificationsEvent =
  { type: 'notification.show'; notification: AppNotification } | { type: 'notification.dismiss' };
