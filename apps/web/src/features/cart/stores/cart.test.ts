import { beforeEach, describe, expect, it } from 'vitest';
import { type Cart, migrateCart, useCartStore } from './cart';

const book = (id: number, price: string) => ({ id, title: `Book ${id}`, image: null, price });

describe('cart store', () => {
  beforeEach(() => useCartStore.setState({ carts: {}, activeCartId: null }));

  it('does nothing until a cart is active', () => {
    useCartStore.getState().addToCart(book(1, '9.99'));
    expect(useCartStore.getState().carts).toEqual({});
  });

  it('uses a persisted guest id when no user is given', () => {
    useCartStore.getState().initializeCart(null);
    const id = useCartStore.getState().activeCartId!;
    expect(id).toMatch(/^guest_[a-z0-9]+$/);
    expect(localStorage.getItem('guestId')).toBe(id);
  });

  it('adds, raises and lowers quantities with exact cent totals', () => {
    const cart = useCartStore.getState();
    cart.initializeCart('alice');
    cart.addToCart(book(1, '0.10'));
    cart.addToCart(book(1, '0.10'));
    cart.addToCart(book(2, '0.20'));
    let state = useCartStore.getState().carts.alice!;
    expect(state.items.map((i) => [i.id, i.quantity])).toEqual([
      [1, 2],
      [2, 1],
    ]);
    expect(state.totalCents).toBe(40);
    cart.removeFromCart({ id: 1 });
    cart.removeFromCart({ id: 2 });
    state = useCartStore.getState().carts.alice!;
    expect(state.items.map((i) => [i.id, i.quantity])).toEqual([[1, 1]]);
    expect(state.totalCents).toBe(10);
  });

  it('keeps one cart per user and clears only the active one', () => {
    const cart = useCartStore.getState();
    cart.initializeCart('alice');
    cart.addToCart(book(1, '5.00'));
    cart.initializeCart('bob');
    cart.addToCart(book(2, '7.00'));
    cart.clearCart();
    const { carts } = useCartStore.getState();
    expect(carts.bob!.items).toEqual([]);
    expect(carts.alice!.totalCents).toBe(500);
  });

  it("moves a guest's cart into their own cart when they sign in", () => {
    const cart = useCartStore.getState();
    cart.initializeCart('alice');
    cart.addToCart(book(1, '5.00'));
    cart.initializeCart(null);
    const guest = useCartStore.getState().activeCartId!;
    cart.addToCart(book(1, '5.00'));
    cart.addToCart(book(2, '7.00'));
    cart.initializeCart('alice');
    const { carts, activeCartId } = useCartStore.getState();
    expect(activeCartId).toBe('alice');
    expect(carts.alice!.items.map((i) => [i.id, i.quantity])).toEqual([
      [1, 2],
      [2, 1],
    ]);
    expect(carts.alice!.totalCents).toBe(1700);
    expect(carts[guest]!.items).toEqual([]);
    // Signing out starts an empty guest cart; the user's cart stays theirs.
    cart.initializeCart(null);
    expect(useCartStore.getState().carts[guest]!.items).toEqual([]);
    expect(useCartStore.getState().carts.alice!.totalCents).toBe(1700);
  });

  it('keeps a line per edition of a book, each with its format, and takes one away without the other', () => {
    const cart = useCartStore.getState();
    cart.initializeCart('bob');
    const used = { ...book(3, '4.00'), edition_id: 31, format: 'Paperback', condition: 'Fairly Used' };
    const ebook = { ...book(3, '2.50'), edition_id: 32, format: 'eBook', condition: 'New' };
    cart.addToCart(used);
    cart.addToCart(ebook);
    let items = useCartStore.getState().carts.bob!.items;
    expect(items.map((i) => [i.id, i.edition_id, i.format, i.condition, i.quantity])).toEqual([
      [3, 31, 'Paperback', 'Fairly Used', 1],
      [3, 32, 'eBook', 'New', 1],
    ]);
    expect(useCartStore.getState().carts.bob!.totalCents).toBe(400 + 250);
    cart.removeLine({ id: 3, edition_id: 31 });
    items = useCartStore.getState().carts.bob!.items;
    expect(items.map((i) => [i.edition_id, i.quantity])).toEqual([[32, 1]]);
  });

  it('holds one copy of an eBook, without the protection plan: adding it again changes nothing and says so', () => {
    const cart = useCartStore.getState();
    cart.initializeCart('erin');
    const ebook = { ...book(6, '3.00'), edition_id: 61, format: 'eBook', condition: 'New' };
    expect(cart.addToCart(ebook, 3, { protection: true })).toBe(true);
    expect(cart.addToCart(ebook)).toBe(false);
    cart.setProtection(ebook, true);
    expect(cart.addToCart(book(7, '1.00'), 2)).toBe(true);
    const { items, totalCents } = useCartStore.getState().carts.erin!;
    expect(items.map((i) => [i.id, i.quantity, Boolean(i.protection)])).toEqual([
      [6, 1, false],
      [7, 2, false],
    ]);
    expect(totalCents).toBe(500);
  });

  it("keeps one copy of an eBook when a guest's cart joins theirs, or when a kept line turns out to be one", () => {
    const cart = useCartStore.getState();
    const ebook = { ...book(8, '2.00'), edition_id: 81, format: 'eBook', condition: 'New' };
    cart.initializeCart('fay');
    cart.addToCart(ebook);
    cart.initializeCart(null);
    cart.addToCart(ebook);
    // A line kept from before editions (no edition named) whose default edition is the eBook.
    cart.addToCart(book(8, '2.00'), 2, { protection: true });
    cart.initializeCart('fay');
    cart.pinEdition({ id: 8 }, { id: 81, format: 'eBook', condition: 'New' });
    const { items, totalCents } = useCartStore.getState().carts.fay!;
    expect(items.map((i) => [i.id, i.edition_id, i.quantity, Boolean(i.protection)])).toEqual([[8, 81, 1, false]]);
    expect(totalCents).toBe(200);
  });

  it('brings a cart kept by version 2 with several copies of an eBook, or its protection, to one plain copy', () => {
    const old = {
      carts: {
        gus: {
          items: [
            {
              ...book(9, '4.00'),
              edition_id: 91,
              format: 'eBook',
              condition: 'New',
              quantity: 2,
              priceCents: 400,
              protection: true,
            },
            {
              ...book(10, '1.00'),
              edition_id: 101,
              format: 'Paperback',
              condition: 'New',
              quantity: 3,
              priceCents: 100,
            },
          ],
          totalCents: 1100,
        },
      },
      activeCartId: 'gus',
      promo: null,
    };
    const moved = migrateCart(old, 2) as { carts: Record<string, Cart> };
    expect(moved.carts.gus!.items.map((i) => [i.id, i.quantity, Boolean(i.protection)])).toEqual([
      [9, 1, false],
      [10, 3, false],
    ]);
    expect(moved.carts.gus!.totalCents).toBe(700);
  });

  it('names the default edition of a line kept from before editions, joining a line of that edition', () => {
    const cart = useCartStore.getState();
    cart.initializeCart('carol');
    cart.addToCart(book(4, '5.00'));
    cart.addToCart({ ...book(4, '5.00'), edition_id: 41, format: 'Hardcover', condition: 'New' });
    cart.pinEdition({ id: 4 }, { id: 41, format: 'Hardcover', condition: 'New' });
    const items = useCartStore.getState().carts.carol!.items;
    expect(items.map((i) => [i.id, i.edition_id, i.format, i.quantity])).toEqual([[4, 41, 'Hardcover', 2]]);
  });

  it('moves a cart kept by version 1 to version 2 with its lines and totals', () => {
    const old = {
      carts: { dave: { items: [{ ...book(5, '1.25'), quantity: 2, priceCents: 125 }], totalCents: 250 } },
      activeCartId: 'dave',
      promo: null,
    };
    const moved = migrateCart(old, 1) as typeof old;
    expect(moved.carts.dave!.items).toEqual([{ ...book(5, '1.25'), quantity: 2, priceCents: 125 }]);
    expect(moved.carts.dave!.totalCents).toBe(250);
    expect(migrateCart(moved, 3)).toBe(moved);
  });
});
