import type { Order, OrderSummaryLine } from '@bookstore/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { Toaster } from 'react-hot-toast';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { vi } from 'vitest';
import { useAuthStore } from '../../stores/auth';

/** Shows where the router went, so tests can assert navigation. */
function Where() {
  const location = useLocation();
  return <p data-testid="location">{location.pathname}</p>;
}

/** Renders a screen at `path` inside routes for /login and /payment-success, with the toaster. */
export function renderRoute(element: ReactElement, { path, pattern }: { path: string; pattern: string }) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path={pattern} element={element} />
          <Route path="/login" element={<h1>Login page</h1>} />
          <Route path="/payment-success/:orderId" element={<h1>Confirmation page</h1>} />
          <Route path="*" element={<h1>Elsewhere</h1>} />
        </Routes>
        <Where />
      </MemoryRouter>
      <Toaster />
    </QueryClientProvider>,
  );
}

/** A token shaped like the API's (it is never checked here): valid for an hour, so no refresh is attempted. */
export function fakeAccessToken() {
  const encode = (value: object) =>
    btoa(JSON.stringify(value)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
  const payload = {
    sub: '1',
    username: 'reader',
    is_staff: false,
    token_type: 'access',
    exp: Math.floor(Date.now() / 1000) + 3600,
  };
  return `${encode({ alg: 'HS256', typ: 'JWT' })}.${encode(payload)}.signature`;
}

export function signIn(
  profile: Record<string, unknown> | null = {
    username: 'reader',
    profile_picture: null,
    is_staff: false,
    email: 'reader@example.com',
  },
) {
  useAuthStore.setState({
    access: fakeAccessToken(),
    refresh: 'refresh',
    isAuth: true,
    isAdmin: false,
    profile: profile as never,
  });
}

export function signOut() {
  useAuthStore.setState({ access: null, refresh: null, isAuth: false, isAdmin: false, profile: null });
}

/** A paperback line of an order's summary, as the server writes it (its amount is its books' price). */
export function summaryLine(
  line: Pick<OrderSummaryLine, 'item' | 'title' | 'isbn' | 'quantity' | 'unit_price' | 'books'> &
    Partial<OrderSummaryLine>,
): OrderSummaryLine {
  return {
    format: 'Paperback',
    condition: 'New',
    digital: false,
    protection_price: '0.00',
    protection: '0.00',
    discount: '0.00',
    amount: line.books,
    refunded_quantity: 0,
    refunded_amount: '0.00',
    to_ship: line.quantity,
    ...line,
  };
}

export function makeOrder(overrides: Partial<Order> = {}): Order {
  return {
    id: 42,
    status: 'pending',
    payment_status: 'pending',
    transaction_ref: null,
    created_at: '2030-03-04T15:30:00.000Z',
    paid_at: null,
    reserved_until: '2030-03-04T15:45:00.000Z',
    total_price: '33.48',
    currency: 'USD',
    promo_code: null,
    discount: '0.00',
    fulfilment_status: 'unfulfilled',
    shipping_address: null,
    shipping_method: null,
    shipping_price: '0.00',
    carrier: null,
    tracking_number: null,
    tracking_url: null,
    refunded_amount: '0.00',
    events: [],
    items: [
      {
        id: 1,
        book: 5,
        edition_id: 15,
        format: 'Paperback',
        condition: 'New',
        title: 'Emma',
        image: '/media/covers/emma.jpg',
        quantity: 2,
        price: '12.99',
        protection: false,
        protection_price: '0.00',
        discount: '0.00',
        isbn: '9780141439587',
        refunded_quantity: 0,
        refunded_amount: '0.00',
      },
      {
        id: 2,
        book: 6,
        edition_id: 16,
        format: 'Paperback',
        condition: 'New',
        title: 'Dracula',
        image: null,
        quantity: 1,
        price: '7.50',
        protection: false,
        protection_price: '0.00',
        discount: '0.00',
        isbn: '',
        refunded_quantity: 0,
        refunded_amount: '0.00',
      },
    ],
    refund_status: 'none',
    expired_at: null,
    summary: {
      lines: [
        summaryLine({
          item: 1,
          title: 'Emma',
          isbn: '9780141439587',
          quantity: 2,
          unit_price: '12.99',
          books: '25.98',
        }),
        summaryLine({ item: 2, title: 'Dracula', isbn: '', quantity: 1, unit_price: '7.50', books: '7.50' }),
      ],
      subtotal: '33.48',
      protection: '0.00',
      discount: '0.00',
      shipping: '0.00',
      delivery: false,
      total: '33.48',
      refunded: '0.00',
      shipping_refunded: '0.00',
      net: '33.48',
    },
    ...overrides,
  };
}

export interface FakeCall {
  method: string;
  path: string;
  body: unknown;
}

/** Replaces fetch with a router of canned API replies; returns the calls made. */
export function fakeApi(handler: (call: FakeCall) => Response | Promise<Response>) {
  const calls: FakeCall[] = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const call = {
      method: init?.method ?? 'GET',
      path: url.replace(/^\/api/, ''),
      body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
    };
    calls.push(call);
    if (init?.signal?.aborted) throw new DOMException('Aborted', 'AbortError');
    return handler(call);
  });
  return calls;
}

export function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}
