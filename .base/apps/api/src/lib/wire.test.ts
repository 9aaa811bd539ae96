import { describe, expect, it } from 'vitest';
import { wire } from './wire.js';

describe('wire', () => {
  it('takes the chosen columns under their snake_case names, dates as ISO text', () => {
    const row = {
      id: 7,
      postalCode: 'AB1',
      line1: 'x',
      isDefault: true,
      sentAt: new Date(Date.UTC(2026, 0, 2)),
      userId: 3,
    };
    expect(wire(row, ['id', 'postalCode', 'line1', 'isDefault', 'sentAt'])).toEqual({
      id: 7,
      postal_code: 'AB1',
      line1: 'x',
      is_default: true,
      sent_at: '2026-01-02T00:00:00.000Z',
    });
  });

  it('keeps a missing date as null', () => {
    const row: { deliveredAt: Date | null } = { deliveredAt: null };
    const out: { delivered_at: string | null } = wire(row, ['deliveredAt']);
    expect(out).toEqual({ delivered_at: null });
  });
});
