import { Navigate, useLocation } from 'react-router';
import { Button } from '../../../components/ui/Button';
import { EmptyState } from '../../../components/ui/EmptyState';
import { QueryStates } from '../../../components/ui/QueryStates';
import { PageLoading, Spinner } from '../../../components/ui/Spinner';
import { paths } from '../../../config/paths';
import { usePageTitle } from '../../../lib/hooks';
import { rememberDestination, useAuthStore } from '../../../stores/auth';
import { useActivity } from '../api/activity';
import { ActivityList } from '../components/ActivityList';

/**
 * /activity ("View Activity" on the profile): the shopper's orders, reviews and wishlist additions,
 * newest first. Books taken off the wishlist are not kept, so they are not listed.
 */
export default function ActivityPage() {
  usePageTitle('Your Activity');
  const isAuth = useAuthStore((s) => s.isAuth);
  const owner = useAuthStore((s) => s.profile?.username ?? null);
  const location = useLocation();
  const activity = useActivity(isAuth ? owner : null);

  if (!isAuth) {
    rememberDestination(location.pathname);
    return <Navigate to={paths.login} replace state={{ message: 'Please login to see your activity' }} />;
  }
  return (
    <QueryStates
      query={activity}
      pending={<PageLoading />}
      errorMessage="Your activity could not be loaded. Please try again later."
      retry
      isEmpty={(data) => data.pages.every((page) => page.data.length === 0)}
      empty={
        <EmptyState
          title="No activity yet"
          text="Your orders, reviews and wishlist additions will show up here."
          action={{ to: paths.books, label: 'Browse Books' }}
        />
      }
    >
      {(data) => {
        const items = data.pages.flatMap((page) => page.data);
        return (
          <section className="mx-auto max-w-3xl px-4 py-10 sm:px-6">
            <h1 className="text-3xl font-bold">Your Activity</h1>
            <p className="mt-2 text-gray-700 dark:text-gray-300">
              Your orders, reviews and wishlist additions, newest first.
            </p>
            <div className="mt-6 rounded-xl border border-gray-200 px-4 dark:border-gray-800">
              <ActivityList items={items} label="Your activity" />
            </div>
            {activity.hasNextPage && (
              <div className="mt-6 flex justify-center">
                <Button
                  variant="secondary"
                  onClick={() => void activity.fetchNextPage()}
                  disabled={activity.isFetchingNextPage}
                >
                  {activity.isFetchingNextPage ? <Spinner label="Loading more..." /> : 'Show more'}
                </Button>
              </div>
            )}
          </section>
        );
      }}
    </QueryStates>
  );
}
