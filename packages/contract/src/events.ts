import { z } from 'zod';
import { pagedSchema, pageQuerySchema } from './common.js';

/**
 * Events after commit, as staff see them in the dashboard: what happened (an account opened, an
 * order paid) and how each subscriber (an e-mail, a download link) took it.
 */

export const EVENT_STATUSES = ['pending', 'delivered', 'dead'] as const;
export type EventStatus = (typeof EVENT_STATUSES)[number];

export const eventDeliverySchema = z.object({
  subscriber: z.string(),
  /** 'dead': every attempt failed; staff may retry it. */
  status: z.enum(EVENT_STATUSES),
  attempts: z.number().int(),
  /** ISO time of the next attempt while pending. */
  next_attempt_at: z.string().nullable(),
  delivered_at: z.string().nullable(),
  last_error: z.string().nullable(),
});

export const outboxEventSchema = z
  .object({
    id: z.number().int(),
    type: z.string(),
    /** What it is about: a user's or an order's id. */
    key: z.string(),
    payload: z.record(z.string(), z.unknown()),
    created_at: z.string(),
    /** 'dead' if any subscriber gave up, else 'pending' if any is still to take it, else 'delivered'. */
    status: z.enum(EVENT_STATUSES),
    deliveries: z.array(eventDeliverySchema),
  })
  .meta({ id: 'OutboxEvent' });
export type OutboxEventView = z.infer<typeof outboxEventSchema>;

export const pagedEventsSchema = pagedSchema(outboxEventSchema);
export type EventsPage = z.infer<typeof pagedEventsSchema>;

export const eventsQuerySchema = pageQuerySchema.extend({
  status: z.enum(EVENT_STATUSES, { error: `status must be one of: ${EVENT_STATUSES.join(', ')}` }).optional(),
});
export type EventsQuery = z.input<typeof eventsQuerySchema>;

export const NOTHING_TO_RETRY_MESSAGE = 'This event has no failed deliveries to retry.';
