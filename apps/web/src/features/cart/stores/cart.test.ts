import { beforeEach, describe, expect, it } from 'vitest';
import { useCartStore } from './cart';

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
});
