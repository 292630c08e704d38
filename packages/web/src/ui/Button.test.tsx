import { describe, expect, test } from 'vitest';
import { useState } from 'react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { Button } from './Button.tsx';

/** A save button that goes pending when pressed, and the page it sits in can remove it. */
function Saving() {
  const [pending, setPending] = useState(false);
  const [shown, setShown] = useState(true);
  return (
    <main>
      {shown ? (
        <Button isPending={pending} onPress={() => setPending(true)}>
          {pending ? 'Enregistrement…' : 'Enregistrer'}
        </Button>
      ) : null}
      <button type="button" onClick={() => setShown(false)}>
        Fermer
      </button>
    </main>
  );
}

describe('Button', () => {
  test('pending: focus kept, presses refused, aria-disabled', async () => {
    const user = userEvent.setup();
    let presses = 0;
    render(
      <main>
        <Button isPending onPress={() => (presses += 1)}>
          Envoi…
        </Button>
      </main>,
    );
    const button = screen.getByRole('button', { name: 'Envoi…' });
    expect(button.getAttribute('aria-disabled')).toBe('true');
    await user.click(button);
    expect(presses).toBe(0);
    expect(document.activeElement).toBe(button);
  });

  test('a pending button that is removed leaves no image role without a name', async () => {
    const user = userEvent.setup();
    render(<Saving />);
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(screen.getByRole('button', { name: 'Enregistrement…' })).toBeTruthy();
    const announced = [...document.querySelectorAll('[data-announcer] [role="img"]')];
    expect(announced.map((node) => node.getAttribute('aria-label'))).toContain('Enregistrement…');
    screen.getByRole('button', { name: 'Fermer' }).click();
    await screen.findByRole('button', { name: 'Fermer' });
    expect(screen.queryByRole('button', { name: 'Enregistrement…' })).toBeNull();
    const results = await axe.run(document.body, { resultTypes: ['violations'] });
    expect(results.violations.map((violation) => violation.id)).toEqual([]);
    for (const image of document.querySelectorAll('[role="img"]')) {
      expect(image.getAttribute('aria-label')).toBeTruthy();
    }
  });
});
