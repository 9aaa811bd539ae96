import type { Order, OrderItem, OrderSummaryLine, StaffOrder } from '@bookstore/contract';

/**
 * An order as the server writes it, for the screens that show orders (confirmation, history, the staff's
 * order page and packing slip): a hardcover with the protection plan, a used paperback and an eBook,
 * bought with the code READ10 and sent by Standard Delivery. Its summary is the server's; a screen shows
 * it as it is.
 */

type Line = Pick<OrderSummaryLine, 'item' | 'title' | 'format' | 'condition' | 'isbn' | 'quantity'> &
  Partial<OrderSummaryLine> & { image?: string | null; book?: number };

const LINES: Line[] = [
  {
    item: 11,
    book: 5,
    title: 'Pride and Prejudice',
    format: 'Hardcover',
    condition: 'New',
    isbn: '9780141439518',
    quantity: 2,
    unit_price: '20.99',
    protection_price: '2.99',
    books: '41.98',
    protection: '5.98',
    discount: '4.20',
    amount: '43.76',
    image: '/media/covers/pride.jpg',
  },
  {
    item: 12,
    book: 6,
    title: 'Emma',
    format: 'Paperback',
    condition: 'Used',
    isbn: '9780141439587',
    quantity: 1,
    unit_price: '6.50',
    books: '6.50',
    discount: '0.65',
    amount: '5.85',
    image: null,
  },
  {
    item: 13,
    book: 5,
    title: 'Pride and Prejudice',
    format: 'eBook',
    condition: 'New',
    isbn: '9780141199078',
    quantity: 1,
    unit_price: '8.99',
    books: '8.99',
    discount: '0.90',
    amount: '8.09',
    digital: true,
    to_ship: 0,
    image: '/media/covers/pride.jpg',
  },
];

function summaryLine(line: Line): OrderSummaryLine {
  return {
    item: line.item,
    title: line.title,
    format: line.format,
    condition: line.condition,
    isbn: line.isbn,
    digital: line.digital ?? false,
    quantity: line.quantity,
    unit_price: line.unit_price ?? '0.00',
    protection_price: line.protection_price ?? '0.00',
    books: line.books ?? '0.00',
    protection: line.protection ?? '0.00',
    discount: line.discount ?? '0.00',
    amount: line.amount ?? '0.00',
    refunded_quantity: line.refunded_quantity ?? 0,
    refunded_amount: line.refunded_amount ?? '0.00',
    to_ship: line.to_ship ?? line.quantity - (line.refunded_quantity ?? 0),
  };
}

function item(line: Line): OrderItem {
  return {
    id: line.item,
    book: line.book ?? null,
    edition_id: line.item + 100,
    format: line.format,
    condition: line.condition,
    title: line.title,
    image: line.image ?? null,
    quantity: line.quantity,
    price: line.unit_price ?? '0.00',
    protection: (line.protection_price ?? '0.00') !== '0.00',
    protection_price: line.protection_price ?? '0.00',
    discount: line.discount ?? '0.00',
    isbn: line.isbn,
    refunded_quantity: line.refunded_quantity ?? 0,
    refunded_amount: line.refunded_amount ?? '0.00',
  };
}

/**
 * The paid order of three editions (see above); `refund` gives back copies of its lines (by line id),
 * as the server would summarise them, and `overrides` changes the order's own fields.
 */
export function orderOfEditions(
  overrides: Partial<Order> = {},
  refund: { lines: Record<number, { quantity: number; amount: string }>; total: string; net: string } | null = null,
): Order {
  const lines = LINES.map((line) => {
    const back = refund?.lines[line.item];
    return back ? { ...line, refunded_quantity: back.quantity, refunded_amount: back.amount } : line;
  });
  const refunded = refund?.total ?? '0.00';
  return {
    id: 77,
    status: 'completed',
    payment_status: 'success',
    transaction_ref: 'ORD-77-1700000000000',
    created_at: '2030-03-04T15:30:00.000Z',
    paid_at: '2030-03-04T15:32:00.000Z',
    reserved_until: '2030-03-04T15:45:00.000Z',
    total_price: '62.69',
    currency: 'USD',
    promo_code: 'READ10',
    discount: '5.75',
    items: lines.map(item),
    fulfilment_status: 'unfulfilled',
    shipping_address: {
      name: 'Olive Buyer',
      line1: '10 Downing Street',
      line2: '',
      city: 'London',
      region: '',
      postal_code: 'SW1A 2AA',
      country: 'GB',
      phone: '',
    },
    shipping_method: { code: 'standard', name: 'Standard Delivery', days: '3-5 business days' },
    shipping_price: '4.99',
    carrier: null,
    tracking_number: null,
    tracking_url: null,
    refunded_amount: refunded,
    refund_status: refunded === '0.00' ? 'none' : refunded === '62.69' ? 'full' : 'partial',
    expired_at: null,
    summary: {
      lines: lines.map(summaryLine),
      subtotal: '57.47',
      protection: '5.98',
      discount: '5.75',
      shipping: '4.99',
      delivery: true,
      total: '62.69',
      refunded,
      shipping_refunded: '0.00',
      net: refund?.net ?? '62.69',
    },
    events: [
      { type: 'placed', at: '2030-03-04T15:30:00.000Z', by: 'customer', amount: null },
      { type: 'paid', at: '2030-03-04T15:32:00.000Z', by: 'provider', amount: null },
    ],
    ...overrides,
  };
}

/** The same order as staff see it: its customer, payment attempt and refunds. */
export function staffOrderOfEditions(order: Order = orderOfEditions()): StaffOrder {
  return {
    ...order,
    customer: {
      id: 3,
      username: 'olive',
      email: 'olive@example.com',
      first_name: 'Olive',
      last_name: 'Buyer',
    },
    payments: [],
    refunds: [],
  };
}
