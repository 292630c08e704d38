import { useState } from 'react';
import { describe, expect, test, vi } from 'vitest';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Button } from './Button.tsx';
import { Modal } from './Modal.tsx';

/** A trigger and the dialog it opens; `onOpenChange` is the test's spy and closes it too. */
function Opened({
  isDismissable,
  onOpenChange,
}: {
  isDismissable?: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button onPress={() => setOpen(true)}>Ouvrir</Button>
      <Modal
        isOpen={open}
        title="Supprimer la licence"
        isDismissable={isDismissable}
        onOpenChange={(next) => {
          onOpenChange(next);
          setOpen(next);
        }}
      >
        <p>La licence sera supprimée.</p>
        <Button onPress={() => setOpen(false)}>Annuler</Button>
        <Button>Supprimer</Button>
      </Modal>
    </>
  );
}

async function open(isDismissable?: boolean) {
  const onOpenChange = vi.fn();
  const user = userEvent.setup();
  render(<Opened isDismissable={isDismissable} onOpenChange={onOpenChange} />);
  await user.click(screen.getByRole('button', { name: 'Ouvrir' }));
  const dialog = await screen.findByRole('dialog', { name: 'Supprimer la licence' });
  return { user, dialog, onOpenChange };
}

describe('Modal: the browser’s <dialog>', () => {
  test('shown modal, named by its title, focused; Escape closes it and focus goes back', async () => {
    const { user, dialog, onOpenChange } = await open();
    expect(dialog.tagName).toBe('DIALOG');
    expect((dialog as HTMLDialogElement).open).toBe(true);
    expect(document.activeElement).toBe(dialog);
    await user.keyboard('{Escape}');
    expect(onOpenChange).toHaveBeenCalledWith(false);
    expect(screen.queryByRole('dialog')).toBeNull();
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Ouvrir' })),
    );
  });

  test('not dismissable: Escape and the backdrop leave it open', async () => {
    const { user, dialog, onOpenChange } = await open(false);
    await user.keyboard('{Escape}');
    await user.click(dialog);
    expect(onOpenChange).not.toHaveBeenCalled();
    expect(screen.getByRole('dialog')).toBeTruthy();
  });

  test('a press on the backdrop closes it; a press inside does not', async () => {
    const { user, dialog, onOpenChange } = await open();
    await user.click(screen.getByText('La licence sera supprimée.'));
    expect(onOpenChange).not.toHaveBeenCalled();
    // Outside the content box, a press lands on the dialog element itself.
    await user.click(dialog);
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });

  test('Tab past the last button comes back to the first, Shift+Tab the other way', async () => {
    const { user } = await open();
    const cancel = screen.getByRole('button', { name: 'Annuler' });
    const confirm = screen.getByRole('button', { name: 'Supprimer' });
    await user.tab();
    expect(document.activeElement).toBe(cancel);
    await user.tab();
    expect(document.activeElement).toBe(confirm);
    await user.tab();
    expect(document.activeElement).toBe(cancel);
    await user.tab({ shift: true });
    expect(document.activeElement).toBe(confirm);
  });

  test('its frame comes first, open, named and focused; its content right after that frame', () => {
    vi.useFakeTimers({ toFake: ['requestAnimationFrame', 'setTimeout'] });
    try {
      render(
        <Modal isOpen title="Ajouter une licence">
          <input aria-label="Domaine personnalisé" autoFocus />
        </Modal>,
      );
      const dialog = screen.getByRole('dialog', { name: 'Ajouter une licence' });
      expect((dialog as HTMLDialogElement).open).toBe(true);
      expect(document.activeElement).toBe(dialog);
      expect(screen.queryByLabelText('Domaine personnalisé')).toBeNull();
      // The frame that paints it, then the task after it.
      act(() => vi.advanceTimersToNextFrame());
      expect(screen.queryByLabelText('Domaine personnalisé')).toBeNull();
      act(() => vi.runOnlyPendingTimers());
      expect(document.activeElement).toBe(screen.getByLabelText('Domaine personnalisé'));
    } finally {
      vi.useRealTimers();
    }
  });
});
