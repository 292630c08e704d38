import { afterEach, describe, expect, it } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import { Spinner } from '../ui/Spinner.tsx';
import { PageMain } from './PageMain.tsx';
import { frameId, holdFrame } from './prerendered.ts';

/** The page as the server sends /dashboard: the frame, then the app's hidden root. */
function servedWithFrame() {
  document.body.innerHTML = `<div id="${frameId}"><h2>Gestion des licences</h2></div><div id="root" hidden></div>`;
  return document.getElementById('root') as HTMLElement;
}

/** The app's first screen, rendered into `root`. */
function renderScreen(root: HTMLElement) {
  render(
    <PageMain routeName="Dashboard" bare>
      <h2>Gestion des licences</h2>
    </PageMain>,
    { container: root },
  );
}

afterEach(() => {
  document.body.innerHTML = '';
});

describe('the served frame (docs/performance.md, “The dashboard’s frame”)', () => {
  it('stays in front of the hidden app while the app only loads', () => {
    const root = servedWithFrame();
    render(<Spinner label="Chargement…" />, { container: root });
    expect(document.getElementById(frameId)).not.toBeNull();
    expect(root.hidden).toBe(true);
  });

  it('is replaced by the app’s first screen', () => {
    const root = servedWithFrame();
    renderScreen(root);
    expect(document.getElementById(frameId)).toBeNull();
    expect(root.hidden).toBe(false);
    expect(document.querySelectorAll('h2')).toHaveLength(1);
  });

  it('gives focus to the screen once the browser has drawn it, not in the task that mounts it', async () => {
    const root = servedWithFrame();
    renderScreen(root);
    const main = screen.getByRole('main');
    expect(document.activeElement).not.toBe(main);
    await waitFor(() => expect(document.activeElement).toBe(main));
  });

  it('stays while a part of the screen holds it, then gives way and focus to the screen', async () => {
    const root = servedWithFrame();
    const release = holdFrame();
    renderScreen(root);
    expect(document.getElementById(frameId)).not.toBeNull();
    expect(root.hidden).toBe(true);
    release();
    expect(document.getElementById(frameId)).toBeNull();
    expect(root.hidden).toBe(false);
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('main')));
  });

  it('waits for every part holding it', () => {
    const root = servedWithFrame();
    const releases = [holdFrame(), holdFrame()];
    renderScreen(root);
    releases[0]!();
    releases[0]!();
    expect(document.getElementById(frameId)).not.toBeNull();
    releases[1]!();
    expect(document.getElementById(frameId)).toBeNull();
  });

  it('without a frame, gives focus to the screen at once', () => {
    const root = document.createElement('div');
    document.body.append(root);
    renderScreen(root);
    expect(document.activeElement).toBe(screen.getByRole('main'));
  });
});
