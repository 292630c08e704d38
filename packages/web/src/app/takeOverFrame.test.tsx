import { afterEach, describe, expect, it } from 'vitest';
import { render } from '@testing-library/react';
import { Spinner } from '../ui/Spinner.tsx';
import { PageMain } from './PageMain.tsx';
import { frameId } from './prerendered.ts';

/** The page as the server sends /dashboard: the frame, then the app's hidden root. */
function servedWithFrame() {
  document.body.innerHTML = `<div id="${frameId}"><h2>Gestion des licences</h2></div><div id="root" hidden></div>`;
  return document.getElementById('root') as HTMLElement;
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
    render(
      <PageMain routeName="Dashboard" bare>
        <h2>Gestion des licences</h2>
      </PageMain>,
      { container: root },
    );
    expect(document.getElementById(frameId)).toBeNull();
    expect(root.hidden).toBe(false);
    expect(document.querySelectorAll('h2')).toHaveLength(1);
  });
});
