/**
 * Mail a stranger cannot aim (docs/decisions/0028-trust-round-three.md, "Mail and links"): every message
 * the shop sends to an address on someone else's request is counted here, per recipient mailbox and per
 * sender, before it is sent. It uses no other module.
 */
export {
  AIMED_MAIL_LIMITS,
  type AimedMailKind,
  type AimedMailVerdict,
  mailboxOf,
  TOO_MANY_TO_MAILBOX_MESSAGE,
  takeAimedMail,
} from './limit.js';
