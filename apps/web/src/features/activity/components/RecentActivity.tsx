import { Link } from 'react-router';
import { Spinner } from '../../../components/ui/Spinner';
import { paths } from '../../../config/paths';
import { useAuthStore } from '../../../stores/auth';
import { useRecentActivity } from '../api/activity';
import { ActivityList } from './ActivityList';

/** The profile's 'Recent Activity' card: the last five things the shopper did. */
export function RecentActivity() {
  const owner = useAuthStore((s) => s.profile?.username ?? null);
  const recent = useRecentActivity(owner);
  return (
    <section aria-labelledby="recent-activity" className="rounded-lg border border-gray-200 p-6 dark:border-gray-800">
      <div className="flex items-baseline justify-between gap-3">
        <h2 id="recent-activity" className="text-lg font-semibold">
          Recent Activity
        </h2>
        {recent.data && recent.data.meta.count > 0 && (
          <Link
            to={paths.activity}
            className="text-sm font-semibold text-indigo-700 hover:underline dark:text-indigo-300"
          >
            See all
          </Link>
        )}
      </div>
      {recent.isPending ? (
        <Spinner label="Loading activity..." className="mt-4" />
      ) : recent.isError ? (
        <p role="alert" className="mt-2 text-red-700 dark:text-red-400">
          Your activity could not be loaded. Please try again later.
        </p>
      ) : recent.data.data.length === 0 ? (
        <p className="mt-2 text-gray-700 dark:text-gray-300">No recent activity</p>
      ) : (
        <ActivityList items={recent.data.data} label="Recent activity" />
      )}
    </section>
  );
}
