import { z } from 'zod';
import { pagedSchema } from './common.js';

/**
 * The stock ledger: every change of an edition's copies, with its reason. Staff adjust with one of
 * STAFF_STOCK_REASONS; the shop itself records the others (a sale, a hold that ran out, a cancellation,
 * a return, a refund's copies put back, staff's edit of the stock figure, a new edition's first copies).
 */
export const STAFF_STOCK_REASONS = ['received', 'damaged', 'lost', 'correction', 'returned'] as const;
export type StaffStockReason = (typeof STAFF_STOCK_REASONS)[number];
export const STOCK_REASONS = [...STAFF_STOCK_REASONS, 'sold', 'released', 'cancelled', 'edited', 'added'] as const;
export type StockReason = (typeof STOCK_REASONS)[number];

/** How staff and the ledger name each reason. */
export const STOCK_REASON_LABELS: Record<StockReason, string> = {
  received: 'Received',
  damaged: 'Damaged',
  lost: 'Lost',
  correction: 'Correction',
  returned: 'Returned',
  sold: 'Sold',
  released: 'Hold ran out',
  cancelled: 'Order cancelled',
  edited: 'Stock edited',
  added: 'Edition added',
};

export const STOCK_NOTE_MAX = 500;
/** The most copies one adjustment may add or remove. */
export const STOCK_CHANGE_MAX = 100_000;

export const stockMessages = {
  changeRequired: 'Enter how many copies to add (or, with a minus sign, to remove)',
  changeWhole: 'Enter a whole number of copies other than 0',
  reason: `Choose a reason: ${STAFF_STOCK_REASONS.join(', ')}`,
  receivedAdds: 'Received copies are added: enter a number above 0',
  returnedAdds: 'Returned copies are added: enter a number above 0',
  removes: 'Damaged or lost copies are removed: enter a number below 0, such as -1',
  noteLong: `Keep the note under ${STOCK_NOTE_MAX} characters`,
  ebook: 'An eBook has no stock to adjust.',
  notEnough: (left: number) =>
    left === 1
      ? 'Only 1 copy is in stock, so you cannot remove more than 1.'
      : `Only ${left} copies are in stock, so you cannot remove more than ${left}.`,
  adjusted: 'Stock updated',
} as const;

/** POST /api/admin/editions/{id}/stock/: add or remove copies, with a reason. */
export const stockAdjustmentSchema = z
  .object({
    change: z
      .number({ error: stockMessages.changeRequired })
      .int(stockMessages.changeWhole)
      .min(-STOCK_CHANGE_MAX, stockMessages.changeWhole)
      .max(STOCK_CHANGE_MAX, stockMessages.changeWhole)
      .refine((n) => n !== 0, stockMessages.changeWhole),
    reason: z.enum(STAFF_STOCK_REASONS, { error: stockMessages.reason }),
    note: z.string().trim().max(STOCK_NOTE_MAX, stockMessages.noteLong).optional().default(''),
  })
  .superRefine((input, ctx) => {
    const sign = Math.sign(input.change);
    const wrong =
      (input.reason === 'received' && sign < 0 && stockMessages.receivedAdds) ||
      (input.reason === 'returned' && sign < 0 && stockMessages.returnedAdds) ||
      ((input.reason === 'damaged' || input.reason === 'lost') && sign > 0 && stockMessages.removes);
    if (wrong) ctx.addIssue({ code: 'custom', path: ['change'], message: wrong });
  });
export type StockAdjustmentInput = z.input<typeof stockAdjustmentSchema>;
export type StockAdjustment = z.output<typeof stockAdjustmentSchema>;

export const stockMovementSchema = z
  .object({
    id: z.number().int(),
    edition_id: z.number().int(),
    change: z.number().int(),
    reason: z.enum(STOCK_REASONS),
    note: z.string(),
    /** The copies left after this change. */
    stock_after: z.number().int(),
    /** The order that sold or gave back the copies, if any. */
    order_id: z.number().int().nullable(),
    /** Who made the change (staff), if a person did. */
    by: z.string().nullable(),
    created_at: z.string(),
  })
  .meta({ id: 'StockMovement' });
export type StockMovement = z.infer<typeof stockMovementSchema>;

/** GET /api/admin/editions/{id}/stock/: the edition's copies now and its ledger, newest first. */
export const editionStockSchema = pagedSchema(stockMovementSchema).extend({
  edition_id: z.number().int(),
  book_id: z.number().int(),
  title: z.string(),
  format: z.string(),
  condition: z.string(),
  stock_amount: z.number().int().nullable(),
});
export type EditionStock = z.infer<typeof editionStockSchema>;

/** What an adjustment answers: the copies now and the ledger's new line. */
export const stockAdjustedSchema = z.object({
  edition_id: z.number().int(),
  stock_amount: z.number().int(),
  movement: stockMovementSchema,
});
export type StockAdjusted = z.infer<typeof stockAdjustedSchema>;
