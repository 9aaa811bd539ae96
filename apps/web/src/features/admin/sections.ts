import { paths } from '../../config/paths';

/**
 * The dashboard's sections, in the sidebar's order, each at an address of its own
 * (docs/product.md, "Dashboard"). `tab` is the `/admin?tab=` value the section had when the
 * dashboard was one page of tabs: such links still land here.
 */
export const ADMIN_SECTIONS = [
  { key: 'overview', label: 'Overview', path: paths.admin },
  { key: 'orders', label: 'Orders', path: paths.adminOrders, tab: 'orders' },
  { key: 'books', label: 'Books', path: paths.adminBooks, tab: 'books' },
  { key: 'authors', label: 'Authors & categories', path: paths.adminAuthors, tab: 'authors' },
  { key: 'sales', label: 'Sales', path: paths.adminSales, tab: 'sales' },
  { key: 'codes', label: 'Codes', path: paths.adminCodes, tab: 'codes' },
  { key: 'reviews', label: 'Reviews', path: paths.adminReviews, tab: 'review' },
  { key: 'customers', label: 'Customers', path: paths.adminCustomers, tab: 'users' },
  { key: 'messages', label: 'Messages', path: paths.adminMessages, tab: 'messages' },
  { key: 'subscribers', label: 'Subscribers', path: paths.adminSubscribers, tab: 'subscribers' },
  { key: 'mail', label: 'Mail', path: paths.adminMail, tab: 'mail' },
  { key: 'delivery', label: 'Delivery', path: paths.adminDelivery, tab: 'delivery' },
  { key: 'reports', label: 'Reports', path: paths.adminReports },
  { key: 'settings', label: 'Settings', path: paths.adminSettings },
] as const;

export type AdminSection = (typeof ADMIN_SECTIONS)[number];

/**
 * Where an old `/admin?tab=…` link goes now: the section's own address with the rest of its query
 * (search, page, filters) kept; null when the address has no `tab`. An unknown tab goes to Books,
 * the tab the old page opened on.
 */
export function addressOfOldTab(search: string): string | null {
  const params = new URLSearchParams(search);
  const tab = params.get('tab');
  if (tab === null) return null;
  params.delete('tab');
  const section = ADMIN_SECTIONS.find((s) => 'tab' in s && s.tab === tab);
  const rest = params.toString();
  return `${section?.path ?? paths.adminBooks}${rest ? `?${rest}` : ''}`;
}
