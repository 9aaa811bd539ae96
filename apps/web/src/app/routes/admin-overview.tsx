import { EditBookDialog } from '../../features/books/components/EditBookDialog';
import OverviewPage from '../../features/admin/overview/OverviewPage';

/** The dashboard's Overview with the books feature's edit dialog for its low-stock list (features meet here, in app/). */
export default function AdminOverviewRoute() {
  return <OverviewPage editBook={(props) => <EditBookDialog {...props} />} />;
}
