import { lineCents } from '@bookstore/contract/checkout';
import { moneyToCents } from '@bookstore/contract/money';
import { create } from 'zustand';
import { persist } from 'zustand/middleware';

/**
 * docs/product.md, "Data", "Behaviour", cart: carts keyed by cart id (a username, or a guest id), persisted as
 * 'cart-storage'. Money is integer cents; `totalCents` always equals the sum of the books' prices (the
 * spec's totalPrice); a line may carry the protection plan, priced on top (`cartTotalCents`). An eBook
 * line is a licence: one copy, never the protection plan (docs/decisions/0023-ebook-delivery.md).
 */
export interface CartBook {
  id: number;
  title: string;
  image: string | null;
  /** Price as the API writes it, e.g. "12.99". */
  price: string;
  book_author?: string;
  slug?: string;
  /**
   * The edition of the book (docs/decisions/0022-editions.md), with its format and condition; none
   * (carts kept before editions, until the shop's look-up names it): the title's default edition.
   */
  edition_id?: number;
  format?: string;
  condition?: string;
}

/** Which line: a book and its edition (a line per edition). */
export interface LineRef {
  id: number;
  edition_id?: number;
}

/** The format that is a download, not a parcel: one copy a line, no protection plan, nothing to post. */
export const EBOOK_FORMAT = 'eBook';

/** Whether a line is an eBook edition (a line whose edition is not named yet is known once it is). */
export const isEbook = (line: { format?: string }) => line.format === EBOOK_FORMAT;

/** Whether two lines are the same book in the same edition. */
export const sameLine = (a: LineRef, b: LineRef) => a.id === b.id && (a.edition_id ?? 0) === (b.edition_id ?? 0);

/** A line's key, for lists and element ids: "12" for a title's default edition, "12-34" for edition 34. */
export const lineKey = (line: LineRef) =>
  line.edition_id === undefined ? `${line.id}` : `${line.id}-${line.edition_id}`;

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
  /**
   * Adds copies; `protection: true` puts the protection plan on the line (false leaves it as it is). An
   * eBook goes in once, as one copy without the plan: false (nothing added) when it is in the cart already.
   */
  addToCart(book: CartBook, quantity?: number, options?: { protection?: boolean }): boolean;
  removeFromCart(line: LineRef): void;
  /** Puts the protection plan on a line, or takes it off (an eBook line has none). */
  setProtection(line: LineRef, protection: boolean): void;
  /** Removes a line whatever its quantity. */
  removeLine(line: LineRef): void;
  /** Names the edition of a line that had none (the title's default edition, as the shop says now). */
  pinEdition(line: LineRef, edition: { id: number; format: string; condition: string }): void;
  clearCart(): void;
  /** Replaces prices the server says have changed (after a 409 at checkout). */
  updatePrices(prices: { book: number; edition_id?: number; price: string }[]): void;
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

/** A line as the cart may hold it: an eBook is one copy without the protection plan. */
function asLicence(item: CartItem): CartItem {
  if (!isEbook(item) || (item.quantity === 1 && !item.protection)) return item;
  const { protection: _plan, ...rest } = item;
  return { ...rest, quantity: 1 };
}

function withActive(state: CartState, change: (cart: Cart) => CartItem[]): Partial<CartState> {
  const id = state.activeCartId;
  if (!id) return {};
  const cart = state.carts[id] ?? { items: [], totalCents: 0 };
  const items = change(cart);
  return { carts: { ...state.carts, [id]: { items, totalCents: total(items) } } };
}

export const useCartStore = create<CartState>()(
  persist(
    (set, get) => ({
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
            const index = merged.findIndex((item) => sameLine(item, line));
            if (index >= 0) {
              merged[index] = asLicence({ ...merged[index]!, quantity: merged[index]!.quantity + line.quantity });
            } else merged.push(line);
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
      addToCart: (book, quantity = 1, options = {}) => {
        const { activeCartId, carts } = get();
        const ebook = isEbook(book);
        const items = activeCartId ? (carts[activeCartId]?.items ?? []) : [];
        if (ebook && items.some((item) => sameLine(item, book))) return false;
        set((state) =>
          withActive(state, (cart) => {
            const priceCents = moneyToCents(book.price) ?? 0;
            const protect = options.protection && !ebook ? { protection: true } : {};
            const existing = cart.items.find((item) => sameLine(item, book));
            if (existing) {
              return cart.items.map((item) =>
                sameLine(item, book) ? { ...item, quantity: item.quantity + quantity, ...protect } : item,
              );
            }
            const { id, title, image, price, book_author, slug, edition_id, format, condition } = book;
            const edition = edition_id === undefined ? {} : { edition_id, format, condition };
            return [
              ...cart.items,
              {
                id,
                title,
                image,
                price,
                book_author,
                slug,
                ...edition,
                priceCents,
                quantity: ebook ? 1 : quantity,
                ...protect,
              },
            ];
          }),
        );
        return true;
      },
      setProtection: (line, protection) =>
        set((state) =>
          withActive(state, (cart) =>
            cart.items.map((item) => (sameLine(item, line) && !isEbook(item) ? { ...item, protection } : item)),
          ),
        ),
      removeFromCart: (line) =>
        set((state) =>
          withActive(state, (cart) =>
            cart.items.flatMap((item) =>
              !sameLine(item, line) ? [item] : item.quantity > 1 ? [{ ...item, quantity: item.quantity - 1 }] : [],
            ),
          ),
        ),
      removeLine: (line) => set((state) => withActive(state, (cart) => cart.items.filter((i) => !sameLine(i, line)))),
      pinEdition: (line, edition) =>
        set((state) =>
          withActive(state, (cart) => {
            const old = cart.items.find((item) => sameLine(item, line) && item.edition_id === undefined);
            if (!old) return cart.items;
            const pinned = asLicence({
              ...old,
              edition_id: edition.id,
              format: edition.format,
              condition: edition.condition,
            });
            const twin = cart.items.find((item) => sameLine(item, pinned));
            const rest = cart.items.filter((item) => item !== old);
            // The same edition already has its own line: one line with the copies of both.
            return twin
              ? rest.map((item) =>
                  item === twin ? asLicence({ ...twin, quantity: twin.quantity + old.quantity }) : item,
                )
              : cart.items.map((item) => (item === old ? pinned : item));
          }),
        ),
      clearCart: () => set((state) => ({ ...withActive(state, () => []), promo: null })),
      updatePrices: (prices) =>
        set((state) =>
          withActive(state, (cart) =>
            cart.items.map((item) => {
              const fresh = prices.find(
                (p) => p.book === item.id && (p.edition_id === undefined || p.edition_id === item.edition_id),
              );
              const cents = fresh ? moneyToCents(fresh.price) : null;
              return fresh && cents !== null ? { ...item, price: fresh.price, priceCents: cents } : item;
            }),
          ),
        ),
    }),
    {
      name: 'cart-storage',
      // Version 2: lines are per edition. A cart kept before (version 1) keeps its lines as they were:
      // with no edition named, each is the title's default edition, named once the shop's look-up says
      // which (`pinEdition`, features/cart/api/cart-books.ts). Version 3: an eBook line is one copy
      // without the protection plan; a cart kept before may hold more, and is brought to one.
      version: 3,
      migrate: (persisted, version) => migrateCart(persisted, version) as CartState,
    },
  ),
);

/** A persisted cart state of an older version, as this version keeps it. */
export function migrateCart(persisted: unknown, version: number): unknown {
  if (version >= 3 || !persisted || typeof persisted !== 'object') return persisted;
  return oneCopyOfEachEbook(version < 2 ? perEdition(persisted) : persisted);
}

/** Version 1 to 2: lines as they were, none naming an edition yet. */
function perEdition(persisted: object): object {
  const state = persisted as { carts?: Record<string, Cart> };
  const carts = Object.fromEntries(
    Object.entries(state.carts ?? {}).map(([id, cart]) => {
      const items = (cart.items ?? []).map((item) => {
        const { edition_id: _edition, ...rest } = item;
        return rest;
      });
      return [id, { items, totalCents: total(items) }];
    }),
  );
  return { ...state, carts };
}

/** Version 2 to 3: every eBook line one copy, without the protection plan. */
function oneCopyOfEachEbook(persisted: object): object {
  const state = persisted as { carts?: Record<string, Cart> };
  const carts = Object.fromEntries(
    Object.entries(state.carts ?? {}).map(([id, cart]) => {
      const items = (cart.items ?? []).map(asLicence);
      return [id, { items, totalCents: total(items) }];
    }),
  );
  return { ...state, carts };
}

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
