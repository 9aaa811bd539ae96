import DashboardPage from '../../features/admin/DashboardPage';
import { EditBookDialog } from '../../features/books/components/EditBookDialog';

/** The dashboard with the books feature's edit dialog (features meet here, in app/). One lazy chunk. */
export default function AdminRoute() {
  return <DashboardPage editBook={(props) => <EditBookDialog {...props} />} />;
}
