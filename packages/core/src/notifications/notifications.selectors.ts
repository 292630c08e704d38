import type { SnapshotFrom } from 'xstate';
import type { notificationsMachine } from './notifications.machine.ts';

type Snapshot = SnapshotFrom<typeof notificationsMachine>;

export const selectNotification = (snapshot: Snapshot) => snapshot.context.current;
