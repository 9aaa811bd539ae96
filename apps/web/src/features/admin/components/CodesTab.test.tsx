import type { PromoCode } from '@bookstore/contract';
import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { jsonReply, renderWithApp } from '../../../test/render';
import { CodesTab } from './CodesTab';

const code = (values: Partial<PromoCode>): PromoCode => ({
  id: 1,
  code: 'SPRING',
  kind: 'percent',
  percent_off: 10,
  amount_off: null,
  min_subtotal: '0.00',
  starts_at: null,
  ends_at: null,
  book_ids: [],
  category_ids: [],
  max_uses: null,
  max_uses_per_customer: null,
  uses: 0,
  held: 0,
  left: null,
  revenue: '0.00',
  created_at: '2026-12-01T10:00:00.000Z',
  ...values,
});

describe('the Codes tab', () => {
  it('shows the uses paid for, the uses unpaid orders hold and the uses left now, each apart', async () => {
    vi.spyOn(globalThis, 'fetch').mockImplementation(async () =>
      jsonReply({
        data: [
          code({ id: 2, code: 'THREE', max_uses: 3, uses: 0, held: 3, left: 0 }),
          code({ id: 1, code: 'OPEN', uses: 4, held: 1, left: null, revenue: '80.00' }),
        ],
      }),
    );
    renderWithApp(<CodesTab />);
    const table = await screen.findByRole('table', { name: /uses held by unpaid orders/ });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Code', 'Gives', 'Valid', 'Used (paid)', 'Held (unpaid)', 'Left now', 'Revenue']);
    const [three, open] = within(table).getAllByRole('row').slice(1);
    expect(within(three!).getByTestId('code-used')).toHaveTextContent('0 of 3');
    expect(within(three!).getByTestId('code-held')).toHaveTextContent('3');
    expect(within(three!).getByTestId('code-left')).toHaveTextContent('0');
    expect(within(open!).getByTestId('code-used')).toHaveTextContent('4');
    expect(within(open!).getByTestId('code-held')).toHaveTextContent('1');
    expect(within(open!).getByTestId('code-left')).toHaveTextContent('No limit');
  });
});
