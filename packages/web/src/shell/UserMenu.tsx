import { useSelector } from '@xstate/react';
import { selectInitials } from '@portal/core';
import { useServices } from '../app/services.tsx';
import { MenuButton } from '../ui/MenuButton.tsx';

/**
 * Spec 2: the user menu with the initials ('?' without a user) and logout. It exists but the
 * header does not show it (as the spec says); its story shows it.
 */
export function UserMenu() {
  const { auth } = useServices();
  const initials = useSelector(auth, selectInitials);
  return (
    <MenuButton
      label="Menu utilisateur"
      className="user-menu"
      items={[{ id: 'logout', label: 'Se déconnecter' }]}
      onAction={() => auth.send({ type: 'auth.logout' })}
    >
      <span className="user-menu__initials" aria-hidden="true">
        {initials}
      </span>
    </MenuButton>
  );
}
