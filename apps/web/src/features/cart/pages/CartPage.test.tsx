import { fireEvent, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { useCartStore } from '../stores/cart';
import { renderWithApp } from '../../../test/render';
import CartPage from './CartPage';

describe('cart page', () => {
  beforeEach(() => useCartStore.setState({ carts: {}, activeCartId: null }));

  it('shows the empty state', () => {
    useCartStore.getState().initializeCart(null);
    renderWithApp(<CartPage />);
    expect(screen.getByRole('heading', { name: 'Your cart is empty' })).toBeInTheDocument();
    expect(screen.getByText("Looks like you haven't added any books to your cart yet.")).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Continue Shopping' })).toHaveAttribute('href', '/books');
  });

  it('lists lines and totals in exact cents, and removes one copy at a time', () => {
    const cart = useCartStore.getState();
    cart.initializeCart('reader');
    cart.addToCart({ id: 1, title: 'Emma', image: null, price: '0.10' }, 2);
    cart.addToCart({ id: 2, title: 'Dracula', image: null, price: '0.20' });
    renderWithApp(<CartPage checkout={<button type="button">Proceed to Checkout</button>} />);
    expect(screen.getByRole('heading', { name: 'Shopping Cart (3 items)' })).toBeInTheDocument();
    expect(screen.getByText('$0.10 x 2')).toBeInTheDocument();
    expect(screen.getByTestId('cart-subtotal')).toHaveTextContent('$0.40');
    expect(screen.getByTestId('cart-total')).toHaveTextContent('$0.40');
    expect(screen.getByText('Free')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Proceed to Checkout' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Remove Dracula' }));
    expect(screen.getByRole('heading', { name: 'Shopping Cart (2 items)' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Remove Emma' }));
    expect(screen.getByRole('heading', { name: 'Shopping Cart (1 item)' })).toBeInTheDocument();
    expect(screen.getByTestId('cart-total')).toHaveTextContent('$0.10');
  });
});
