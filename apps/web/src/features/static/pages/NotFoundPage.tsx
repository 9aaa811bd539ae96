import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { usePageTitle } from '../../../lib/hooks';
import { buttonClass } from '../../../components/ui/Button';

export default function NotFoundPage() {
  usePageTitle('Page not found');
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center px-4 py-24 text-center">
      <p className="text-6xl font-extrabold text-indigo-700 dark:text-indigo-300">404</p>
      <h1 className="mt-4 text-3xl font-bold">Page not found</h1>
      <p className="mt-3 text-gray-700 dark:text-gray-300">The page you are looking for does not exist or has moved.</p>
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
