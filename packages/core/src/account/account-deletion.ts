import type { PortalClient } from '../api/client.ts';
import { messageFor } from '../api/feature-errors.ts';
import { messages } from '../domain/messages.ts';

/**
 * Deletes the signed-in customer's account, confirmed by their password (DELETE
 * /customers/account). No screen offers it yet; the contract has it.
 */
export async function deleteAccount(
  client: PortalClient,
  password: string,
  signal?: AbortSignal,
): Promise<void> {
  await client.api.DELETE('/customers/account', {
    body: { password },
    ...(signal === undefined ? {} : { signal }),
  });
}

/**
 * docs/product.md#feature-errors: a 401 here is a wrong password ('Mot de passe incorrect'), not an
 * expired session (the client does not renew the session on this call); any other failure keeps the
 * client's text.
 */
export function accountDeletionErrorMessage(error: unknown): string {
  return messageFor(error, {
    byStatus: { 401: messages.account.deletionWrongPassword },
    fallback: { apiMessageOr: messages.account.deletionError },
  });
}
