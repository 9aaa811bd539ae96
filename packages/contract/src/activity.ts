import { z } from 'zod';
import { moneySchema, pagedSchema } from './common.js';
import { FULFILMENT_STATUSES, REFUND_STATES } from './orders.js';

/**
 * A shopper's own activity, newest first: orders placed, reviews written and books added to the
 * wishlist. Only what the store keeps is shown: a book taken off the wishlist leaves no trace, so
 * removals are not listed.
 */
export const ACTIVITY_KINDS = ['order', 'review', 'wishlist'] as const;
export type ActivityKind = (typeof ACTIVITY_KINDS)[number];

const bookRef = z.object({ id: z.number().int(), title: z.string() });

export const activitySchema = z
  .discriminatedUnion('kind', [
    z.object({
      kind: z.literal('order'),
      /** When it happened (ISO 8601). */
      at: z.string(),
      order: z.object({
        id: z.number().int(),
        status: z.string(),
        payment_status: z.string(),
        total_price: moneySchema,
        currency: z.string(),
        /** Copies in the order. */
        copies: z.number().int(),
        /** What the order's badge reads besides the spec's two states, as on the order itself (`Order`). */
        fulfilment_status: z.enum(FULFILMENT_STATUSES),
        refund_status: z.enum(REFUND_STATES),
        expired_at: z.string().nullable(),
      }),
    }),
    z.object({ kind: z.literal('review'), at: z.string(), book: bookRef, rating: z.number().int() }),
    z.object({ kind: z.literal('wishlist'), at: z.string(), book: bookRef }),
  ])
  .meta({ id: 'Activity' });
export type Activity = z.infer<typeof activitySchema>;

export const pagedActivitySchema = pagedSchema(activitySchema).meta({ id: 'PagedActivity' });
