export { hashPassword, verifyPassword, decoyHash } from './passwords.ts';
export {
  createTokens,
  loadJwtSecret,
  newId,
  randomToken,
  sha256,
  type AccessClaims,
  type AccountKind,
  type TokenPair,
  type Tokens,
} from './tokens.ts';
export {
  accountOf,
  requireAccount,
  requireAdmin,
  requireCustomer,
  type AuthenticatedAccount,
} from './guards.ts';
