import { describe, expect, it } from 'vitest';
import { createActor, SimulatedClock } from 'xstate';
import { sidebarMachine } from './sidebar.machine.ts';
import { createSidebarImplementations } from './sidebar.actors.ts';
import {
  selectIsCollapsed,
  selectIsMenuOpen,
  selectIsMobile,
  selectIsOverlayVisible,
  selectIsSidebarOpen,
} from './sidebar.selectors.ts';
import type { SidebarStorage } from './sidebar.types.ts';

function memoryStorage(initial: Record<string, string> = {}) {
  const items = new Map(Object.entries(initial));
  const writes: [string, string][] = [];
  const storage: SidebarStorage = {
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => {
      writes.push([key, value]);
      items.set(key, value);
    },
  };
  return { storage, writes };
}

function start(viewportWidth: number, initial: Record<string, string> = {}) {
  const { storage, writes } = memoryStorage(initial);
  const clock = new SimulatedClock();
  const actor = createActor(sidebarMachine.provide(createSidebarImplementations({ storage })), {
    input: { viewportWidth },
    clock,
  });
  actor.start();
  return { actor, clock, writes, storage };
}

describe('sidebar on desktop', () => {
  it('starts expanded when nothing is remembered, and remembers each toggle', () => {
    const { actor, writes } = start(1280);
    expect(selectIsMobile(actor.getSnapshot())).toBe(false);
    expect(selectIsSidebarOpen(actor.getSnapshot())).toBe(true);
    actor.send({ type: 'sidebar.toggle' });
    expect(selectIsCollapsed(actor.getSnapshot())).toBe(true);
    actor.send({ type: 'sidebar.toggle' });
    expect(selectIsSidebarOpen(actor.getSnapshot())).toBe(true);
    expect(writes).toEqual([
      ['sidebar-state', 'false'],
      ['sidebar-state', 'true'],
    ]);
  });

  it('starts collapsed when the remembered state says so', () => {
    const { actor } = start(1280, { 'sidebar-state': 'false' });
    expect(selectIsCollapsed(actor.getSnapshot())).toBe(true);
    actor.send({ type: 'sidebar.open' });
    expect(selectIsSidebarOpen(actor.getSnapshot())).toBe(true);
    actor.send({ type: 'sidebar.close' });
    expect(selectIsCollapsed(actor.getSnapshot())).toBe(true);
  });

  it('treats 900 px as desktop (mobile is under 900)', () => {
    expect(selectIsMobile(start(900).actor.getSnapshot())).toBe(false);
    expect(selectIsMobile(start(899).actor.getSnapshot())).toBe(true);
  });
});

describe('sidebar on mobile', () => {
  it('is an overlay, closed at first, and never writes the remembered state', () => {
    const { actor, writes } = start(375, { 'sidebar-state': 'true' });
    expect(selectIsMobile(actor.getSnapshot())).toBe(true);
    expect(selectIsOverlayVisible(actor.getSnapshot())).toBe(false);
    actor.send({ type: 'sidebar.toggle' });
    expect(selectIsOverlayVisible(actor.getSnapshot())).toBe(true);
    expect(selectIsSidebarOpen(actor.getSnapshot())).toBe(true);
    actor.send({ type: 'sidebar.close' });
    expect(selectIsOverlayVisible(actor.getSnapshot())).toBe(false);
    actor.send({ type: 'sidebar.open' });
    actor.send({ type: 'sidebar.toggle' });
    expect(selectIsOverlayVisible(actor.getSnapshot())).toBe(false);
    expect(writes).toEqual([]);
  });
});

describe('a link of the sidebar followed', () => {
  it('closes the mobile overlay, and leaves the desktop sidebar as it is', () => {
    const mobile = start(375).actor;
    mobile.send({ type: 'sidebar.open' });
    mobile.send({ type: 'sidebar.chosen' });
    expect(selectIsOverlayVisible(mobile.getSnapshot())).toBe(false);
    const desktop = start(1280);
    desktop.actor.send({ type: 'sidebar.chosen' });
    expect(selectIsSidebarOpen(desktop.actor.getSnapshot())).toBe(true);
    expect(selectIsCollapsed(desktop.actor.getSnapshot())).toBe(false);
    expect(desktop.writes).toEqual([]);
  });
});

describe('viewport changes', () => {
  it('switches layout only after 150 ms without a new width', () => {
    const { actor, clock } = start(1280);
    actor.send({ type: 'viewport.resize', width: 600 });
    clock.increment(149);
    expect(selectIsMobile(actor.getSnapshot())).toBe(false);
    // A newer width restarts the quiet period.
    actor.send({ type: 'viewport.resize', width: 500 });
    clock.increment(149);
    expect(selectIsMobile(actor.getSnapshot())).toBe(false);
    clock.increment(1);
    expect(selectIsMobile(actor.getSnapshot())).toBe(true);
    expect(actor.getSnapshot().context.viewportWidth).toBe(500);
  });

  it('ends on the last width of a burst', () => {
    const { actor, clock } = start(1280);
    actor.send({ type: 'viewport.resize', width: 600 });
    actor.send({ type: 'viewport.resize', width: 1100 });
    clock.increment(150);
    expect(selectIsMobile(actor.getSnapshot())).toBe(false);
  });

  it('back on desktop restores the remembered desktop state, not the overlay state', () => {
    const { actor, clock, writes } = start(1280);
    actor.send({ type: 'sidebar.toggle' });
    actor.send({ type: 'viewport.resize', width: 700 });
    clock.increment(150);
    actor.send({ type: 'sidebar.open' });
    expect(selectIsOverlayVisible(actor.getSnapshot())).toBe(true);
    actor.send({ type: 'viewport.resize', width: 1200 });
    clock.increment(150);
    expect(selectIsCollapsed(actor.getSnapshot())).toBe(true);
    expect(writes).toEqual([['sidebar-state', 'false']]);
  });

  it('a width on the same side changes nothing', () => {
    const { actor, clock } = start(375);
    actor.send({ type: 'sidebar.open' });
    actor.send({ type: 'viewport.resize', width: 420 });
    clock.increment(150);
    expect(selectIsOverlayVisible(actor.getSnapshot())).toBe(true);
  });
});

describe('user menu', () => {
  it('toggles, and closes on a click outside', () => {
    const { actor } = start(1280);
    expect(selectIsMenuOpen(actor.getSnapshot())).toBe(false);
    expect(actor.getSnapshot().can({ type: 'menu.close' })).toBe(false);
    actor.send({ type: 'menu.toggle' });
    expect(selectIsMenuOpen(actor.getSnapshot())).toBe(true);
    actor.send({ type: 'menu.toggle' });
    expect(selectIsMenuOpen(actor.getSnapshot())).toBe(false);
    actor.send({ type: 'menu.toggle' });
    actor.send({ type: 'menu.close' });
    expect(selectIsMenuOpen(actor.getSnapshot())).toBe(false);
  });

  it('is independent of the layout', () => {
    const { actor } = start(1280);
    actor.send({ type: 'menu.toggle' });
    actor.send({ type: 'sidebar.toggle' });
    expect(selectIsMenuOpen(actor.getSnapshot())).toBe(true);
    expect(selectIsCollapsed(actor.getSnapshot())).toBe(true);
  });
});

it('reports to an inspector (Stately inspector in development)', () => {
  const seen: string[] = [];
  const actor = createActor(sidebarMachine, {
    input: { viewportWidth: 1280 },
    inspect: (event) => seen.push(event.type),
  });
  actor.start();
  actor.send({ type: 'menu.toggle' });
  expect(seen).toContain('@xstate.actor');
  expect(seen).toContain('@xstate.event');
  expect(seen).toContain('@xstate.snapshot');
  actor.stop();
});
