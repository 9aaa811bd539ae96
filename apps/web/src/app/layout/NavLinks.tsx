import { NavLink, type NavLinkProps } from 'react-router';
import { paths } from '../../config/paths';

/** The header's plain links: Home and Books before the Categories and Authors menus, About and Contact after. */
const LINKS = {
  before: [
    { to: paths.home, label: 'Home', end: true },
    { to: paths.books, label: 'Books' },
  ],
  after: [
    { to: paths.about, label: 'About' },
    { to: paths.contact, label: 'Contact' },
  ],
};

export function NavLinks({ part, className }: { part: keyof typeof LINKS; className: NavLinkProps['className'] }) {
  return LINKS[part].map((link) => (
    <NavLink key={link.to} to={link.to} end={'end' in link ? link.end : undefined} className={className}>
      {link.label}
    </NavLink>
  ));
}
