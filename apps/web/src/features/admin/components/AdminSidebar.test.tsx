import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { addressOfOldTab } from '../sections';
import { AdminSidebar } from './AdminSidebar';

function Address() {
  const { pathname, search } = useLocation();
  return <output data-testid="address">{pathname + search}</output>;
}

const renderAt = (path: string, openMessages?: number) =>
  render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route
          path="*"
          element={
            <>
              <AdminSidebar openMessages={openMessages} />
              <Address />
            </>
          }
        />
      </Routes>
    </MemoryRouter>,
  );

const SECTIONS = [
  ['Overview', '/admin'],
  ['Orders', '/admin/orders'],
  ['Books', '/admin/books'],
  ['Authors & categories', '/admin/authors'],
  ['Sales', '/admin/sales'],
  ['Codes', '/admin/codes'],
  ['Reviews', '/admin/reviews'],
  ['Customers', '/admin/customers'],
  ['Messages', '/admin/messages'],
  ['Subscribers', '/admin/subscribers'],
  ['Mail', '/admin/mail'],
  ['Delivery', '/admin/delivery'],
  ['Reports', '/admin/reports'],
  ['Settings', '/admin/settings'],
];

describe('the dashboard sidebar', () => {
  it('links every section to its own address and marks the one shown', () => {
    renderAt('/admin/orders?payment=success');
    const nav = screen.getByRole('navigation', { name: 'Dashboard' });
    const links = within(nav).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual(SECTIONS);
    expect(within(nav).getByRole('link', { name: 'Orders' })).toHaveAttribute('aria-current', 'page');
    // Overview is /admin itself, not every address under it.
    expect(within(nav).getByRole('link', { name: 'Overview' })).not.toHaveAttribute('aria-current');
  });

  it('keeps Orders marked on one order’s page', () => {
    renderAt('/admin/orders/12');
    const nav = screen.getByRole('navigation', { name: 'Dashboard' });
    expect(within(nav).getByRole('link', { name: 'Orders' })).toHaveAttribute('aria-current', 'page');
  });

  it('counts the open messages beside Messages', () => {
    renderAt('/admin', 3);
    const nav = screen.getByRole('navigation', { name: 'Dashboard' });
    expect(within(nav).getByRole('link', { name: /^Messages,?\s*3\s*open$/ })).toBeInTheDocument();
  });

  it('opens the sections in a drawer from a labelled button; Escape closes it and focus comes back', async () => {
    const user = userEvent.setup();
    renderAt('/admin/mail');
    const button = screen.getByRole('button', { name: 'Dashboard menu: Mail' });
    expect(button).toHaveAttribute('aria-expanded', 'false');
    await user.click(button);
    const drawer = await screen.findByRole('dialog', { name: 'Dashboard' });
    expect(within(drawer).getByRole('link', { name: 'Mail' })).toHaveAttribute('aria-current', 'page');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(button).toHaveFocus());
  });

  it('closes the drawer once a section is chosen, on that section’s address', async () => {
    const user = userEvent.setup();
    renderAt('/admin');
    await user.click(screen.getByRole('button', { name: 'Dashboard menu: Overview' }));
    const drawer = await screen.findByRole('dialog', { name: 'Dashboard' });
    await user.click(within(drawer).getByRole('link', { name: 'Customers' }));
    expect(screen.getByTestId('address')).toHaveTextContent('/admin/customers');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});

describe('old dashboard links', () => {
  it('go to their section with the rest of their query', () => {
    expect(addressOfOldTab('?tab=orders&q=%2312&payment=success')).toBe('/admin/orders?q=%2312&payment=success');
    expect(addressOfOldTab('?tab=users&q=ann')).toBe('/admin/customers?q=ann');
    expect(addressOfOldTab('?tab=review')).toBe('/admin/reviews');
    expect(addressOfOldTab('?tab=authors')).toBe('/admin/authors');
    // The old page opened on Books, with or without a tab it knew.
    expect(addressOfOldTab('?tab=nonsense&page=2')).toBe('/admin/books?page=2');
    expect(addressOfOldTab('')).toBeNull();
  });
});
