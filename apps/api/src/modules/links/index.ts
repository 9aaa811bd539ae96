/**
 * One-time links (reset a password, confirm an address, confirm a newsletter subscription): random
 * tokens stored hashed, single use, with a lifetime per purpose (docs/decisions/0016-mail.md). The mail
 * module writes them into messages; accounts and contact redeem them. It uses no other module.
 */
export {
  hashToken,
  inspectToken,
  newToken,
  retireToken,
  retireTokens,
  type TokenCheck,
  type TokenPurpose,
  useToken,
} from './tokens.js';
