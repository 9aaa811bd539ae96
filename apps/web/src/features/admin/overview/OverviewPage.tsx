import { Link, Navigate, useLocation } from 'react-router';
import { buttonClass } from '../../../components/ui/Button';
import { ErrorState } from '../../../components/ui/ErrorState';
import { Spinner } from '../../../components/ui/Spinner';
import { paths } from '../../../config/paths';
import { useSummary } from '../api/summary';
import type { EditBookSlot } from '../components/edit-book';
import { SectionPage } from '../components/SectionPage';
import { addressOfOldTab } from '../sections';
import { Bestsellers } from './Bestsellers';
import { Figures } from './Figures';
import { LowStock } from './LowStock';
import { SalesChart } from './SalesChart';

/**
 * Overview, at `/admin`: real figures, 30 days of sales and their bestsellers, and the books low on
 * stock. An old `/admin?tab=…` link goes on to that tab's section.
 */
export default function OverviewPage({ editBook }: { editBook?: EditBookSlot }) {
  const { search } = useLocation();
  const moved = addressOfOldTab(search);
  const summary = useSummary();
  if (moved) return <Navigate to={moved} replace />;

  return (
    <SectionPage
      title="Overview"
      actions={
        <Link to={paths.addBook} className={buttonClass({ size: 'lg' })}>
          Add book
        </Link>
      }
    >
      {summary.isPending ? (
        <Spinner label="Loading figures..." />
      ) : summary.isError ? (
        <ErrorState message={summary.error.message} />
      ) : (
        <>
          <Figures summary={summary.data} />
          <div className="grid gap-6 xl:grid-cols-3">
            <div className="min-w-0 xl:col-span-2">
              <SalesChart days={summary.data.sales_by_day} currency={summary.data.currency} />
            </div>
            <div className="min-w-0 space-y-6">
              <Bestsellers books={summary.data.bestsellers} currency={summary.data.currency} />
              <LowStock editBook={editBook} />
            </div>
          </div>
        </>
      )}
    </SectionPage>
  );
}
