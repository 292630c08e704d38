import { selectInitials } from '@portal/core';
import { useAuthEvents, useAuthSelector } from '../app/authFlow.ts';
import { MenuButton } from '../ui/MenuButton.tsx';

/**
 * docs/product.md#application-shell: the user menu with the initials ('?' without a user) and logout. It exists but the
 * header does not show it (docs/product.md#application-shell); its story shows it.
 */
export function UserMenu() {
  const initials = useAuthSelector(selectInitials);
  const { logOut } = useAuthEvents();
  return (
    <MenuButton
      label="Menu utilisateur"
      className="user-menu"
      items={[{ id: 'logout', label: 'Se déconnecter' }]}
      onAction={logOut}
    >
      <span className="user-menu__initials" aria-hidden="true">
        {initials}
      </span>
    </MenuButton>
  );
}
