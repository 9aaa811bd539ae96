import { beforeEach, describe, expect, it } from 'vitest';
import { migrateCart, useCartStore } from './cart';

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
    cart.addToCart(ebook, 2);
    cart.addToCart(ebook);
    let items = useCartStore.getState().carts.bob!.items;
    expect(items.map((i) => [i.id, i.edition_id, i.format, i.condition, i.quantity])).toEqual([
      [3, 31, 'Paperback', 'Fairly Used', 1],
      [3, 32, 'eBook', 'New', 3],
    ]);
    expect(useCartStore.getState().carts.bob!.totalCents).toBe(400 + 750);
    cart.removeLine({ id: 3, edition_id: 31 });
    items = useCartStore.getState().carts.bob!.items;
    expect(items.map((i) => [i.edition_id, i.quantity])).toEqual([[32, 3]]);
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
    expect(migrateCart(moved, 2)).toBe(moved);
  });
});
