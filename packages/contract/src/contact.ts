import { z } from 'zod';

/** The contact form and the newsletter sign-up (spec sections 2 and 7). */

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
