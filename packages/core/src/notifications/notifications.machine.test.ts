import { createActor, SimulatedClock } from 'xstate';
import { describe, expect, test } from 'vitest';
import { notificationsMachine } from './notifications.machine.ts';
import { createNotify } from './notifications.actors.ts';
import { selectNotification } from './notifications.selectors.ts';

function start(input?: { durationMs?: number }) {
  const clock = new SimulatedClock();
  const actor = createActor(notificationsMachine, { clock, input }).start();
  return { actor, clock };
}

const warning = { type: 'warning', message: 'Fonctionnalité en développement' } as const;
const success = { type: 'success', message: 'Connexion réussie !' } as const;

describe('notifications machine', () => {
  test('holds nothing at first', () => {
    const { actor } = start();
    expect(selectNotification(actor.getSnapshot())).toBeNull();
  });

  test('holds a notification for 5000 ms, then clears it', () => {
    const { actor, clock } = start();
    actor.send({ type: 'notification.show', notification: warning });
    expect(selectNotification(actor.getSnapshot())).toEqual(warning);
    clock.increment(4999);
    expect(selectNotification(actor.getSnapshot())).toEqual(warning);
    clock.increment(1);
    expect(selectNotification(actor.getSnapshot())).toBeNull();
    expect(actor.getSnapshot().value).toBe('idle');
  });

  test('a newer notification replaces the held one and restarts the timer', () => {
    const { actor, clock } = start();
    actor.send({ type: 'notification.show', notification: warning });
    clock.increment(4000);
    actor.send({ type: 'notification.show', notification: success });
    expect(selectNotification(actor.getSnapshot())).toEqual(success);
    clock.increment(4000);
    expect(selectNotification(actor.getSnapshot())).toEqual(success);
    clock.increment(1000);
    expect(selectNotification(actor.getSnapshot())).toBeNull();
  });

  test('dismiss clears at once', () => {
    const { actor } = start();
    actor.send({ type: 'notification.show', notification: warning });
    actor.send({ type: 'notification.dismiss' });
    expect(selectNotification(actor.getSnapshot())).toBeNull();
  });

  test('the duration is configurable', () => {
    const { actor, clock } = start({ durationMs: 100 });
    actor.send({ type: 'notification.show', notification: warning });
    clock.increment(100);
    expect(selectNotification(actor.getSnapshot())).toBeNull();
  });

  test('createNotify sends to the running actor', () => {
    const { actor } = start();
    createNotify(actor)(success);
    expect(selectNotification(actor.getSnapshot())).toEqual(success);
  });
});
