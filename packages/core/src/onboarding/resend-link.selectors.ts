import type { SnapshotFrom } from 'xstate';
import type { resendLinkMachine } from './resend-link.machine.ts';

type Snapshot = SnapshotFrom<typeof resendLinkMachine>;

export const selectResendFieldErrors = (snapshot: Snapshot) => snapshot.context.fieldErrors;

/** Why the link could not be sent (429 included), or null. */
export const selectResendError = (snapshot: Snapshot) => snapshot.context.error;

/** The server's answer once sent, or null. */
export const selectResendSent = (snapshot: Snapshot) => snapshot.context.sent;

/** 'Renvoyer le lien' is pending meanwhile. */
export const selectIsResending = (snapshot: Snapshot) => snapshot.matches('sending');
