/**
 * The portal client rejects every non-2xx answer, so a resolved call carries its body; openapi-fetch
 * still types `data` as optional. This narrows it and fails loudly on an empty 2xx body.
 */
export function requireData<T>(result: { data?: T }, call: string): T {
  if (result.data === undefined) throw new Error(`${call}: réponse vide`);
  return result.data;
}
