export interface NamedUser {
  firstName?: string | null;
  lastName?: string | null;
}

/**
 * docs/product.md#data-the-product-handles: first letter of first and last name, upper case; '?'
 * when there is no user.
 */
export function initialsOf(user: NamedUser | null | undefined): string {
  if (!user) return '?';
  const letters = [user.firstName, user.lastName]
    .map((name) => (name ?? '').trim().charAt(0).toUpperCase())
    .join('');
  return letters === '' ? '?' : letters;
}
