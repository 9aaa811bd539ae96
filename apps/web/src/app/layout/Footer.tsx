import { Link } from 'react-router';
import { DiscordIcon, FacebookIcon, TwitterIcon } from '../../components/ui/icons';
import { paths } from '../../config/paths';
import { NewsletterForm } from '../../features/contact/components/NewsletterForm';

const columns = [
  {
    title: 'Resources',
    links: [
      { label: 'About Us', to: paths.about },
      { label: 'Blog', to: paths.blog },
      { label: 'Contact', to: paths.contact },
    ],
  },
  {
    title: 'Help Center',
    links: [
      { label: 'Discord Community', to: paths.discord },
      { label: 'Twitter', to: paths.twitter },
      { label: 'Facebook', to: paths.facebook },
    ],
  },
  {
    title: 'Your Account',
    links: [
      { label: 'Your Orders', to: paths.orders },
      { label: 'Wishlist', to: paths.wishlist },
      { label: 'Your Profile', to: paths.profile },
    ],
  },
  {
    title: 'Legal',
    links: [
      { label: 'Privacy Policy', to: paths.privacy },
      { label: 'Terms & Conditions', to: paths.terms },
      { label: 'Return Policy', to: paths.returns },
    ],
  },
];

const socials = [
  { label: 'Discord', to: paths.discord, Icon: DiscordIcon },
  { label: 'Twitter', to: paths.twitter, Icon: TwitterIcon },
  { label: 'Facebook', to: paths.facebook, Icon: FacebookIcon },
];

/** `year`: the one thing the footer's HTML depends on (the copyright line). */
export function Footer({ year }: { year: number }) {
  return (
    <footer className="border-t border-gray-200 bg-gray-50 text-gray-800 dark:border-gray-800 dark:bg-gray-900 dark:text-gray-200">
      <div className="mx-auto grid max-w-7xl grid-cols-2 gap-10 px-4 py-12 sm:px-6 md:grid-cols-4 lg:grid-cols-6">
        {columns.map((column) => (
          <nav key={column.title} aria-label={column.title}>
            <h2 className="text-sm font-semibold tracking-wide uppercase">{column.title}</h2>
            <ul className="mt-4 space-y-2">
              {column.links.map((link) => (
                <li key={link.label}>
                  <Link
                    to={link.to}
                    className="text-sm text-gray-700 hover:text-indigo-700 dark:text-gray-300 dark:hover:text-indigo-300"
                  >
                    {link.label}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        ))}
        <section aria-labelledby="newsletter-heading" className="col-span-2 md:col-span-4 lg:col-span-2">
          <h2 id="newsletter-heading" className="text-sm font-semibold tracking-wide uppercase">
            Subscribe to our newsletter
          </h2>
          <div className="mt-4">
            <NewsletterForm />
          </div>
        </section>
      </div>
      <div className="border-t border-gray-200 dark:border-gray-800">
        <div className="mx-auto flex max-w-7xl flex-col items-center justify-between gap-4 px-4 py-6 text-sm sm:flex-row sm:px-6">
          <p>
            © {year} Bookstore. All rights reserved. Built by{' '}
            <Link to={paths.about} className="font-medium underline hover:text-indigo-700 dark:hover:text-indigo-300">
              the Bookstore team
            </Link>
            .
          </p>
          <ul className="flex gap-2">
            {socials.map(({ label, to, Icon }) => (
              <li key={label}>
                <Link
                  to={to}
                  aria-label={label}
                  className="block rounded-full p-2 text-gray-700 hover:bg-gray-200 hover:text-indigo-700 dark:text-gray-300 dark:hover:bg-gray-800 dark:hover:text-indigo-300"
                >
                  <Icon />
                </Link>
              </li>
            ))}
          </ul>
        </div>
      </div>
    </footer>
  );
}
