import { describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MenuButton } from './MenuButton.tsx';

const items = [
  { id: 'profil', label: 'Profil' },
  { id: 'logout', label: 'Se déconnecter' },
];

function renderMenu(onAction = vi.fn()) {
  render(
    <MenuButton label="Menu utilisateur" items={items} onAction={onAction}>
      ⋮
    </MenuButton>,
  );
  return { onAction, trigger: screen.getByRole('button', { name: 'Menu utilisateur' }) };
}

describe('MenuButton: its menu loads when it opens', () => {
  it('is a closed menu button until pressed', () => {
    const { trigger } = renderMenu();
    expect(trigger.getAttribute('aria-haspopup')).toBe('true');
    expect(trigger.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('menu')).toBeNull();
  });

  it('opens from the keyboard, and a choice is passed on and closes it', async () => {
    const user = userEvent.setup();
    const { onAction, trigger } = renderMenu();
    trigger.focus();
    await user.keyboard('{Enter}');
    const menu = await screen.findByRole('menu');
    expect(trigger.getAttribute('aria-expanded')).toBe('true');
    expect(menu.getAttribute('aria-labelledby')).toBe(trigger.id);
    await user.click(screen.getByRole('menuitem', { name: 'Se déconnecter' }));
    expect(onAction).toHaveBeenCalledWith('logout');
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
  });

  it('closes on Escape and gives focus back to the button', async () => {
    const user = userEvent.setup();
    const { onAction, trigger } = renderMenu();
    await user.click(trigger);
    await screen.findByRole('menu');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
    expect(document.activeElement).toBe(trigger);
    expect(onAction).not.toHaveBeenCalled();
  });
});
