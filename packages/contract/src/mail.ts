import { z } from 'zod';
import { emailSchema, passwordSchema, accountMessages } from './accounts.js';
import { pagedSchema, pageQuerySchema } from './common.js';
import { bookListMetaSchema, bookSchema } from './catalogue.js';

/**
 * The shop's e-mail: account recovery and control, and staff's Mail tab (docs/decisions/0016-mail.md).
 */

/** The one answer to "Forgot password?", whether an account has the address or not. */
export const RESET_REQUESTED_MESSAGE =
  'If an account uses this address, we have sent it a link to choose a new password. The link works for one hour.';
export const passwordResetRequestSchema = z.object({ email: emailSchema });

const tokenSchema = z
  .string({ error: 'The link is not valid.' })
  .trim()
  .min(1, 'The link is not valid.')
  .max(200, 'The link is not valid.');

/** What a one-time link says when it no longer works. */
export const tokenMessages = {
  invalid: 'This link is not valid. Please ask for a new one.',
  expired: 'This link has expired. Please ask for a new one.',
  used: 'This link has already been used. Please ask for a new one if you need it.',
} as const;
export type TokenState = 'valid' | keyof typeof tokenMessages;

export const passwordResetConfirmSchema = z
  .object({
    token: tokenSchema,
    password: passwordSchema,
    password2: z.string({ error: 'Please confirm your password' }).min(1, 'Please confirm your password'),
  })
  .refine((data) => data.password === data.password2, {
    message: accountMessages.passwordMismatch,
    path: ['password2'],
  });

export const tokenRequestSchema = z.object({ token: tokenSchema });
export const tokenStateSchema = z.object({
  state: z.enum(['valid', 'invalid', 'expired', 'used']),
  message: z.string(),
});
export type TokenStateReply = z.infer<typeof tokenStateSchema>;

export const PASSWORD_RESET_DONE_MESSAGE = 'Your password has been changed. You can now sign in with it.';
export const PASSWORD_CHANGED_MESSAGE = 'Your password has been changed. Your other sessions have been signed out.';
export const WRONG_CURRENT_PASSWORD = 'Your current password is not correct';
export const EMAIL_CHANGE_SENT_MESSAGE =
  'We have sent a link to your new address. Your e-mail changes when you open it.';
export const EMAIL_CHANGED_MESSAGE = 'Your e-mail address has been changed.';
export const EMAIL_VERIFIED_MESSAGE = 'Thank you, your e-mail address is confirmed.';
export const VERIFICATION_SENT_MESSAGE = 'We have sent you a new confirmation link.';
export const ALREADY_VERIFIED_MESSAGE = 'Your e-mail address is already confirmed.';
export const VERIFY_TO_ORDER_MESSAGE =
  'Please confirm your e-mail address before placing an order. You can send the link again from your profile.';
export const NEWSLETTER_CONFIRMED_MESSAGE = 'Thank you, your subscription is confirmed.';
export const EMAIL_NEEDS_PASSWORD_MESSAGE = 'To change your e-mail address, enter your current password.';

export const passwordChangeSchema = z
  .object({
    current_password: z
      .string({ error: 'Current password is required' })
      .min(1, 'Current password is required')
      .max(128, accountMessages.passwordTooLong),
    password: passwordSchema,
    password2: z.string({ error: 'Please confirm your password' }).min(1, 'Please confirm your password'),
  })
  .refine((data) => data.password === data.password2, {
    message: accountMessages.passwordMismatch,
    path: ['password2'],
  });

export const emailChangeSchema = z.object({
  email: emailSchema,
  current_password: z
    .string({ error: 'Current password is required' })
    .min(1, 'Current password is required')
    .max(128, accountMessages.passwordTooLong),
});

export const messageReplySchema = z.object({ message: z.string() });

export const MAIL_STATUSES = ['pending', 'sent', 'failed'] as const;
export type MailStatus = (typeof MAIL_STATUSES)[number];
export const mailSummarySchema = z
  .object({
    id: z.number().int(),
    template: z.string(),
    to: z.string(),
    reply_to: z.string().nullable(),
    subject: z.string(),
    status: z.enum(MAIL_STATUSES),
    attempts: z.number().int(),
    last_error: z.string().nullable(),
    created_at: z.string(),
    sent_at: z.string().nullable(),
  })
  .meta({ id: 'MailSummary' });
export type MailSummary = z.infer<typeof mailSummarySchema>;
export const mailMessageSchema = mailSummarySchema
  .extend({ html: z.string(), text: z.string() })
  .meta({ id: 'MailMessage' });
export type MailMessage = z.infer<typeof mailMessageSchema>;
export const pagedMailSchema = pagedSchema(mailSummarySchema);
export type MailPage = z.infer<typeof pagedMailSchema>;
export const mailQuerySchema = pageQuerySchema.extend({
  status: z.enum(MAIL_STATUSES, { error: `status must be one of: ${MAIL_STATUSES.join(', ')}` }).optional(),
  /** Part of the recipient's address or of the subject. */
  search: z.string().trim().max(200, 'search must be at most 200 characters').optional(),
});
export type MailQuery = z.input<typeof mailQuerySchema>;
export const NOTHING_TO_RESEND_MESSAGE = 'Only a message whose sending failed can be sent again.';
/** "Send again" of a message whose link may no longer be made afresh. */
export const LINK_GONE_MESSAGE =
  'The link in this message can no longer be sent: the account changed since. The customer can ask for a new one.';

export const BACK_IN_STOCK_MESSAGE = "We'll e-mail you when it's back.";
export const IN_STOCK_ALREADY_MESSAGE = 'This book is in stock: you can order it now.';

/** A book in the dashboard's table, with the shoppers waiting for it to be back in stock. */
export const adminBookSchema = bookSchema.extend({ waiting: z.number().int() }).meta({ id: 'AdminBook' });
export type AdminBook = z.infer<typeof adminBookSchema>;
export const pagedAdminBooksSchema = z.object({ data: z.array(adminBookSchema), meta: bookListMetaSchema });
export const stockAlertSchema = z.object({ waiting: z.boolean(), message: z.string() });
export type StockAlert = z.infer<typeof stockAlertSchema>;
