import { fireEvent, screen, within } from '@testing-library/react';
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

  it('lists lines and totals in exact cents; the stepper adds and removes one copy, the bin the line', () => {
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

    fireEvent.click(screen.getByRole('button', { name: 'Add one copy of Dracula' }));
    expect(screen.getByRole('heading', { name: 'Shopping Cart (4 items)' })).toBeInTheDocument();
    expect(screen.getByTestId('cart-total')).toHaveTextContent('$0.60');
    fireEvent.click(screen.getByRole('button', { name: 'Remove one copy of Emma' }));
    expect(screen.getByText('$0.10 x 1')).toBeInTheDocument();
    // One copy is the least a line holds: the bin takes the line out.
    expect(screen.getByRole('button', { name: 'Remove one copy of Emma' })).toBeDisabled();
    fireEvent.click(screen.getByRole('button', { name: 'Remove Dracula' }));
    expect(screen.getByRole('heading', { name: 'Shopping Cart (1 item)' })).toBeInTheDocument();
    expect(screen.getByTestId('cart-total')).toHaveTextContent('$0.10');
  });

  it('an eBook line is one copy: no stepper and no protection plan, only the bin', () => {
    const cart = useCartStore.getState();
    cart.initializeCart('reader');
    cart.addToCart({
      id: 1,
      title: 'Emma',
      image: null,
      price: '3.00',
      edition_id: 11,
      format: 'eBook',
      condition: 'New',
    });
    cart.addToCart({ id: 2, title: 'Dracula', image: null, price: '5.00', edition_id: 21, format: 'Paperback' });
    renderWithApp(<CartPage />);
    const [ebook, paper] = screen.getAllByRole('listitem');
    expect(within(ebook!).getByText('$3.00 x 1')).toBeInTheDocument();
    expect(within(ebook!).getByText('One copy: a download for you to keep')).toBeInTheDocument();
    expect(within(ebook!).queryByRole('button', { name: /one copy of Emma/ })).toBeNull();
    expect(within(ebook!).queryByRole('checkbox')).toBeNull();
    expect(within(ebook!).getByRole('button', { name: 'Remove Emma' })).toBeInTheDocument();
    // The paper book beside it keeps both.
    expect(within(paper!).getByRole('button', { name: 'Add one copy of Dracula' })).toBeInTheDocument();
    expect(within(paper!).getByRole('checkbox', { name: /2-Year Protection/ })).toBeInTheDocument();
  });

  it('adds the protection plan per copy as a line of the summary', () => {
    const cart = useCartStore.getState();
    cart.initializeCart('reader');
    cart.addToCart({ id: 1, title: 'Emma', image: null, price: '5.00' }, 2);
    renderWithApp(<CartPage />);
    expect(screen.queryByTestId('cart-protection')).toBeNull();
    fireEvent.click(screen.getByRole('checkbox', { name: /2-Year Protection \+\$2\.99 per copy for Emma/ }));
    expect(screen.getByTestId('cart-subtotal')).toHaveTextContent('$10.00');
    expect(screen.getByTestId('cart-protection')).toHaveTextContent('$5.98');
    expect(screen.getByTestId('cart-total')).toHaveTextContent('$15.98');
    fireEvent.click(screen.getByRole('button', { name: 'Add one copy of Emma' }));
    expect(screen.getByTestId('cart-total')).toHaveTextContent('$23.97');
    fireEvent.click(screen.getByRole('checkbox', { name: /2-Year Protection/ }));
    expect(screen.getByTestId('cart-total')).toHaveTextContent('$15.00');
  });
});
