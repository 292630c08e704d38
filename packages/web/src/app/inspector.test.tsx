import { afterEach, describe, expect, test, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { InspectionEvent } from 'xstate';
import { renderPage } from '../testing/render.tsx';
import ForgotPasswordPage from '../pages/forgot-password/ForgotPasswordPage.tsx';
import { SubscriptionPanel } from '../pages/dashboard/tabs/subscription/SubscriptionPanel.tsx';
import { createDevInspect } from './inspector.ts';

const browserInspect = vi.fn<(event: InspectionEvent) => void>();
vi.mock('@statelyai/inspect', () => ({
  createBrowserInspector: () => ({ inspect: { next: browserInspect } }),
}));

/** The inspection events one machine's actors produced, as `kind:eventType`. */
function eventsOf(inspect: { mock: { calls: [InspectionEvent][] } }, machineId: string) {
  return inspect.mock.calls
    .map(([event]) => event)
    .filter((event) => (event.actorRef as { logic?: { id?: string } }).logic?.id === machineId)
    .map((event) => (event.type === '@xstate.event' ? `event:${event.event.type}` : event.type));
}

afterEach(() => {
  window.history.replaceState(null, '', '/');
  window.localStorage.removeItem('portal_inspect');
  browserInspect.mockClear();
});

describe('Stately inspector wiring (docs/architecture.md, the inspector)', () => {
  test("a page's actor reports to the inspector handed in the services", async () => {
    const user = userEvent.setup();
    const inspect = vi.fn<(event: InspectionEvent) => void>();
    renderPage(<ForgotPasswordPage />, '/forgot-password', { inspect });
    await user.type(screen.getByLabelText('Email'), 'inconnu@boutique.test');
    await user.click(screen.getByRole('button', { name: 'Envoyer le lien' }));

    const seen = eventsOf(inspect, 'forgotPassword');
    expect(seen).toContain('@xstate.actor');
    expect(seen).toContain('event:forgot.submit');
    expect(seen).toContain('@xstate.snapshot');
  });

  test("a parent machine's children report under it (the subscription tab's plans and checkout)", async () => {
    const inspect = vi.fn<(event: InspectionEvent) => void>();
    renderPage(<SubscriptionPanel />, '/dashboard?tab=subscription', { signedIn: true, inspect });
    await screen.findByRole('button', { name: 'Gérer mon abonnement' });
    const machineId = (actor: unknown) => (actor as { logic?: { id?: string } }).logic?.id;
    const created = inspect.mock.calls
      .map(([event]) => event)
      .filter((event) => event.type === '@xstate.actor');
    const parent = created.find((event) => machineId(event.actorRef) === 'subscription');
    expect(parent).toBeDefined();
    for (const child of ['pricing', 'checkout']) {
      const seen = created.find((event) => machineId(event.actorRef) === child);
      expect((seen?.actorRef as { _parent?: unknown } | undefined)?._parent).toBe(parent?.actorRef);
      expect(seen?.rootId).toBe(parent?.actorRef.sessionId);
    }
    // The pricing child's own work shows too: its plans' call, answered.
    expect(eventsOf(inspect, 'pricing')).toContain('@xstate.snapshot');
  });

  test('no inspector unless asked for', () => {
    expect(createDevInspect()).toBeUndefined();
  });

  test.each([
    ['?inspect in the address', () => window.history.replaceState(null, '', '/?inspect')],
    ['localStorage.portal_inspect', () => window.localStorage.setItem('portal_inspect', '1')],
  ])('asked for by %s: events before the lazy load reach it in order', async (_, ask) => {
    ask();
    const inspect = createDevInspect();
    expect(inspect).toBeDefined();
    const first = { type: '@xstate.actor' } as InspectionEvent;
    const second = { type: '@xstate.snapshot' } as InspectionEvent;
    inspect?.(first);
    inspect?.(second);
    // The lazy load is an import: seconds on a busy machine (vi.waitFor gives up after 1 s).
    await vi.waitFor(() => expect(browserInspect).toHaveBeenCalledTimes(2), { timeout: 10_000 });
    const third = { type: '@xstate.event' } as InspectionEvent;
    inspect?.(third);
    expect(browserInspect.mock.calls.map(([event]) => event)).toEqual([first, second, third]);
  });
});
