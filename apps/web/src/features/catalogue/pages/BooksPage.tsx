import { usePageTitle } from '../../../lib/hooks';
import { plural } from '../../../lib/lists';
import { BookBrowser } from '../components/BookBrowser';

export default function BooksPage() {
  usePageTitle('All Books');
  return (
    <div className="mx-auto max-w-7xl px-4 py-10 sm:px-6">
      <BookBrowser
        emptyText="No books available"
        title={(count) => (
          <h1 className="text-3xl font-bold tracking-tight">
            All Books{' '}
            {count !== undefined && (
              <span className="text-lg font-normal text-gray-600 dark:text-gray-400">({plural(count, 'book')})</span>
            )}
          </h1>
        )}
      />
    </div>
  );
}
