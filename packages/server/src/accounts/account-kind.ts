/**
 * The two kinds of account a login may open (docs/product.md#roles-and-permissions: customer and
 * admin).
 */
export type AccountKind = 'customer' | 'admin';

/** The table holding each kind of account. */
export function accountTable(kind: AccountKind): 'customers' | 'admins' {
  return kind === 'customer' ? 'customers' : 'admins';
}
