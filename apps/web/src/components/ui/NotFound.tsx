import { Link } from 'react-router';
import { paths } from '../../config/paths';
import { usePageTitle } from '../../lib/hooks';
import { buttonClass } from './Button';

const KINDS = {
  missing: {
    code: '404',
    title: 'Page not found',
    text: 'The page you are looking for does not exist or has moved.',
  },
  malformed: {
    code: '400',
    title: 'This address is not valid',
    text: 'The link may have been cut short or mistyped. Check it, or find your way from here.',
  },
};

/**
 * The shop's page for an address that leads nowhere: a page that is not there (404: an unknown address,
 * author or category) or an address that cannot be read (400). The server answers with the same status.
 */
export function NotFound({ kind = 'missing' }: { kind?: keyof typeof KINDS }) {
  const { code, title, text } = KINDS[kind];
  usePageTitle(title);
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center px-4 py-24 text-center">
      <p className="text-6xl font-extrabold text-indigo-700 dark:text-indigo-300">{code}</p>
      <h1 className="mt-4 text-3xl font-bold">{title}</h1>
      <p className="mt-3 text-gray-700 dark:text-gray-300">{text}</p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Link to={paths.home} className={buttonClass({ size: 'lg' })}>
          Go to Home
        </Link>
        <Link to={paths.books} className={buttonClass({ variant: 'secondary', size: 'lg' })}>
          Browse Books
        </Link>
      </div>
    </section>
  );
}

/**
 * Whether an address cannot be read: a `%` escape that decodes to nothing (`/books/%E0%A4%A`), or a NUL
 * character. The layout then shows the 400 page instead of any screen, and the server answers 400.
 */
export function isMalformedAddress(pathname: string, search = ''): boolean {
  try {
    const decoded = decodeURIComponent(pathname) + decodeURIComponent(search.replace(/\+/g, ' '));
    return decoded.includes('\u0000');
  } catch {
    return true;
  }
}
