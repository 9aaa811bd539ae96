import { SectionPage } from '../components/SectionPage';
import { useSectionParams } from '../hooks/useSectionParams';
import { BooksTab, type EditBookSlot, sortFrom } from './BooksTab';

/** Books (`/admin/books?q=&sort=&page=`): every book, edited in the books feature's dialog (`editBook`). */
export default function BooksPage({ editBook }: { editBook?: EditBookSlot }) {
  const { params, search, page, update, onPage } = useSectionParams();
  return (
    <SectionPage title="Books" search="Search books by title, author or ISBN">
      <BooksTab
        search={search}
        page={page}
        sort={sortFrom(params.get('sort'))}
        onPage={onPage}
        onSort={(sort) => update({ sort })}
        editBook={editBook}
      />
    </SectionPage>
  );
}
