import { EditBookDialog } from '../../features/books/components/EditBookDialog';
import BooksPage from '../../features/admin/books/BooksPage';

/** The dashboard's Books with the books feature's edit dialog (features meet here, in app/). */
export default function AdminBooksRoute() {
  return <BooksPage editBook={(props) => <EditBookDialog {...props} />} />;
}
