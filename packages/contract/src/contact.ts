import { z } from 'zod';
import { pagedSchema, pageQuerySchema } from './common.js';

/** The contact form and the newsletter sign-up (docs/product.md, "Screens", "API"). */

const emailSchema = z.string().trim().min(1, 'Email is required').max(254).pipe(z.email('Enter a valid email address'));

export const contactRequestSchema = z.object({
  name: z.string().trim().min(1, 'Name is required').max(200, 'Name is too long'),
  email: emailSchema,
  subject: z.string().trim().min(1, 'Subject is required').max(300, 'Subject is too long'),
  message: z.string().trim().min(1, 'Message is required').max(10_000, 'Message is too long'),
});
export type ContactRequest = z.infer<typeof contactRequestSchema>;

export const newsletterRequestSchema = z.object({
  email: emailSchema,
});
export type NewsletterRequest = z.infer<typeof newsletterRequestSchema>;

export const okSchema = z.object({ ok: z.literal(true) });
export const newsletterReplySchema = okSchema.extend({ message: z.string() });
export type NewsletterReply = z.infer<typeof newsletterReplySchema>;

/** Staff read what the shop received: contact messages (marked handled once answered) and subscribers. */
export const MESSAGE_STATUSES = ['open', 'handled'] as const;
export type MessageStatus = (typeof MESSAGE_STATUSES)[number];

const searchSchema = z.string().trim().max(200, 'search must be at most 200 characters').optional();

export const contactMessageSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    email: z.string(),
    subject: z.string(),
    message: z.string(),
    created_at: z.string(),
    /** When staff marked it handled; null while open. */
    handled_at: z.string().nullable(),
    /** The username of who marked it handled (null while open, or when that account is gone). */
    handled_by: z.string().nullable(),
  })
  .meta({ id: 'ContactMessage' });
export type ContactMessage = z.infer<typeof contactMessageSchema>;

/** `GET /api/admin/messages/`: newest first, by status, searched by name, email or subject. */
export const contactMessagesQuerySchema = pageQuerySchema.extend({
  status: z.enum(MESSAGE_STATUSES, { error: `status must be one of: ${MESSAGE_STATUSES.join(', ')}` }).optional(),
  search: searchSchema,
});
export const pagedContactMessagesSchema = pagedSchema(contactMessageSchema).meta({ id: 'PagedContactMessages' });

export const markHandledRequestSchema = z.object({
  handled: z.boolean({ error: 'handled must be true or false' }),
});

export const subscriberSchema = z
  .object({ id: z.number().int(), email: z.string(), created_at: z.string() })
  .meta({ id: 'Subscriber' });
export type Subscriber = z.infer<typeof subscriberSchema>;

/** `GET /api/admin/subscribers/`: newest first, searched by email. */
export const subscribersQuerySchema = pageQuerySchema.extend({ search: searchSchema });
export const pagedSubscribersSchema = pagedSchema(subscriberSchema).meta({ id: 'PagedSubscribers' });
