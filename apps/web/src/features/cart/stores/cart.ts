import { lineCents } from '@bookstore/contract/checkout';
import { moneyToCents } from '@bookstore/contract/money';
import { create } from 'zustand';
import { persist } from 'zustand/middleware';

/**
 * docs/product.md, "Data", "Behaviour", cart: carts keyed by cart id (a username, or a guest id), persisted as
 * 'cart-storage'. Money is integer cents; `totalCents` always equals the sum of the books' prices (the
 * spec's totalPrice); a line may carry the protection plan, priced on top (`cartTotalCents`).
 */
export interface CartBook {
  id: number;
  title: string;
  image: string | null;
  /** Price as the API writes it, e.g. "12.99". */
  price: string;
  book_author?: string;
  slug?: string;
}

export interface CartItem extends CartBook {
  quantity: number;
  priceCents: number;
  /** The protection plan on every copy of the line (docs/decisions/0013-protection-plan.md). */
  protection?: boolean;
}

export interface Cart {
  items: CartItem[];
  totalCents: number;
}

/** A promo code the server accepted for the cart (POST /cart/quote/), and what it took off then. */
export interface CartPromo {
  code: string;
  discountCents: number;
}

export interface CartState {
  carts: Record<string, Cart>;
  activeCartId: string | null;
  /** The active cart's promo code; the cart page quotes it again whenever the cart changes. */
  promo: CartPromo | null;
  setPromo(promo: CartPromo | null): void;
  initializeCart(cartId?: string | null): void;
  /** Adds copies; `protection: true` puts the protection plan on the line (false leaves it as it is). */
  addToCart(book: CartBook, quantity?: number, options?: { protection?: boolean }): void;
  removeFromCart(bookId: number): void;
  /** Puts the protection plan on a line, or takes it off. */
  setProtection(bookId: number, protection: boolean): void;
  /** Removes a line whatever its quantity. */
  removeLine(bookId: number): void;
  clearCart(): void;
  /** Replaces prices the server says have changed (after a 409 at checkout). */
  updatePrices(prices: { book: number; price: string }[]): void;
}

export const GUEST_ID_KEY = 'guestId';

/** 'guest_' plus a random string, kept in local storage under guestId. */
export function guestId(): string {
  let id = localStorage.getItem(GUEST_ID_KEY);
  if (!id) {
    id = `guest_${crypto.randomUUID().replace(/-/g, '').slice(0, 16)}`;
    localStorage.setItem(GUEST_ID_KEY, id);
  }
  return id;
}

const total = (items: CartItem[]) => items.reduce((sum, item) => sum + item.priceCents * item.quantity, 0);

function withActive(state: CartState, change: (cart: Cart) => CartItem[]): Partial<CartState> {
  const id = state.activeCartId;
  if (!id) return {};
  const cart = state.carts[id] ?? { items: [], totalCents: 0 };
  const items = change(cart);
  return { carts: { ...state.carts, [id]: { items, totalCents: total(items) } } };
}

export const useCartStore = create<CartState>()(
  persist(
    (set) => ({
      carts: {},
      activeCartId: null,
      promo: null,
      setPromo: (promo) => set({ promo }),
      initializeCart: (cartId) =>
        set((state) => {
          const id = cartId || guestId();
          const carts = state.carts[id] ? state.carts : { ...state.carts, [id]: { items: [], totalCents: 0 } };
          // A guest who signs in keeps what they put in the cart (the checkout sends guests to sign in).
          const previous = state.activeCartId;
          const guestCart =
            previous && previous !== id && previous.startsWith('guest_') && cartId ? carts[previous] : undefined;
          if (!guestCart || guestCart.items.length === 0) return { activeCartId: id, carts };
          const merged = [...carts[id]!.items];
          for (const line of guestCart.items) {
            const index = merged.findIndex((item) => item.id === line.id);
            if (index >= 0) merged[index] = { ...merged[index]!, quantity: merged[index]!.quantity + line.quantity };
            else merged.push(line);
          }
          return {
            activeCartId: id,
            carts: {
              ...carts,
              [id]: { items: merged, totalCents: total(merged) },
              [previous!]: { items: [], totalCents: 0 },
            },
          };
        }),
      addToCart: (book, quantity = 1, options = {}) =>
        set((state) =>
          withActive(state, (cart) => {
            const priceCents = moneyToCents(book.price) ?? 0;
            const protect = options.protection ? { protection: true } : {};
            const existing = cart.items.find((item) => item.id === book.id);
            if (existing) {
              return cart.items.map((item) =>
                item.id === book.id ? { ...item, quantity: item.quantity + quantity, ...protect } : item,
              );
            }
            const { id, title, image, price, book_author, slug } = book;
            return [...cart.items, { id, title, image, price, book_author, slug, priceCents, quantity, ...protect }];
          }),
        ),
      setProtection: (bookId, protection) =>
        set((state) =>
          withActive(state, (cart) => cart.items.map((item) => (item.id === bookId ? { ...item, protection } : item))),
        ),
      removeFromCart: (bookId) =>
        set((state) =>
          withActive(state, (cart) =>
            cart.items.flatMap((item) =>
              item.id !== bookId ? [item] : item.quantity > 1 ? [{ ...item, quantity: item.quantity - 1 }] : [],
            ),
          ),
        ),
      removeLine: (bookId) => set((state) => withActive(state, (cart) => cart.items.filter((i) => i.id !== bookId))),
      clearCart: () => set((state) => ({ ...withActive(state, () => []), promo: null })),
      updatePrices: (prices) =>
        set((state) =>
          withActive(state, (cart) =>
            cart.items.map((item) => {
              const fresh = prices.find((p) => p.book === item.id);
              const cents = fresh ? moneyToCents(fresh.price) : null;
              return fresh && cents !== null ? { ...item, price: fresh.price, priceCents: cents } : item;
            }),
          ),
        ),
    }),
    { name: 'cart-storage', version: 1 },
  ),
);

const EMPTY: Cart = { items: [], totalCents: 0 };

/** What the shopper pays for the cart: the books and their protection plans (shipping is free). */
export function cartTotalCents(cart: Cart): number {
  return cart.items.reduce((sum, item) => sum + lineCents(item), 0);
}

/** The protection plans' share of it. */
export function protectionCents(cart: Cart): number {
  return cartTotalCents(cart) - cart.totalCents;
}

/** The active cart (empty when none is active). */
export function useActiveCart(): Cart {
  return useCartStore((state) => (state.activeCartId ? (state.carts[state.activeCartId] ?? EMPTY) : EMPTY));
}

/** Number of copies in the active cart, for the header badge. */
export function useCartCount(): number {
  return useCartStore((state) =>
    state.activeCartId ? (state.carts[state.activeCartId]?.items ?? []).reduce((n, i) => n + i.quantity, 0) : 0,
  );
}
