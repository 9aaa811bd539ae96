import { type ReactNode, useState } from 'react';
import { Link, Navigate, useLocation } from 'react-router';
import { paths } from '../../../config/paths';
import { rememberDestination, useAuthStore } from '../../../stores/auth';
import { pictureUrl, useProfile } from '../api/profile';
import { EditProfileDialog } from '../components/EditProfileDialog';
import { Button, buttonClass } from '../../../components/ui/Button';
import { Spinner } from '../../../components/ui/Spinner';
import { AccountSecurity } from '../components/AccountSecurity';
import { StaffNotifications } from '../components/StaffNotifications';
import { Avatar } from '../components/Avatar';
import { formatDate } from '../../../lib/dates';

function Card({ label, value }: { label: string; value: string }) {
  return (
    <div className="rounded-lg border border-gray-200 p-4 dark:border-gray-800">
      <p className="text-sm font-medium text-gray-600 dark:text-gray-400">{label}</p>
      <p className="mt-1 break-words font-semibold">{value}</p>
    </div>
  );
}

const joinedDate = (value: string | undefined) => formatDate(value, 'numeric');

/**
 * The profile: loading, error state, the cards, About, and the Edit Profile dialog. "View
 * Activity" leads to the activity page; the Recent Activity card and the Addresses card come from the
 * app (`recentActivity`, `addressBook`).
 */
export default function ProfilePage({
  recentActivity,
  addressBook,
}: {
  recentActivity?: ReactNode;
  addressBook?: ReactNode;
}) {
  const isAuth = useAuthStore((s) => s.isAuth);
  const location = useLocation();
  const profile = useProfile(isAuth);
  const [editing, setEditing] = useState(false);

  if (!isAuth) {
    rememberDestination(location.pathname + location.search);
    return <Navigate to={paths.login} replace state={{ message: 'Please login to view your profile' }} />;
  }
  if (profile.isPending) {
    return (
      <div className="flex min-h-[50vh] items-center justify-center">
        <Spinner label="Loading profile..." />
      </div>
    );
  }
  if (profile.isError) {
    return (
      <section
        role="alert"
        className="mx-auto my-16 max-w-lg rounded-lg border border-red-200 bg-red-50 p-6 text-center dark:border-red-900 dark:bg-red-950/40"
      >
        <h1 className="text-xl font-semibold text-red-800 dark:text-red-200">Error loading profile</h1>
        <p className="mt-2 text-red-800 dark:text-red-200">Please try again later</p>
      </section>
    );
  }

  const user = profile.data;
  const fullName = [user.firstName, user.lastName].filter(Boolean).join(' ');
  return (
    <section className="mx-auto max-w-5xl px-4 py-10">
      <div className="flex flex-col items-center gap-6 rounded-lg border border-gray-200 p-6 sm:flex-row dark:border-gray-800">
        <button
          type="button"
          onClick={() => setEditing(true)}
          className="shrink-0 rounded-full focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500"
          aria-label="Change profile picture"
        >
          <Avatar src={pictureUrl(user.profilePicture)} alt="" size={112} className="h-28 w-28" />
        </button>
        <div className="flex-1 text-center sm:text-left">
          <h1 className="text-2xl font-bold">{fullName || 'No name set'}</h1>
          <p className="text-gray-700 dark:text-gray-300">@{user.username}</p>
          <div className="mt-4 flex flex-wrap justify-center gap-3 sm:justify-start">
            <Button onClick={() => setEditing(true)}>Edit Profile</Button>
            <Link to={paths.activity} className={buttonClass({ variant: 'secondary' })}>
              View Activity
            </Link>
            <Link to={paths.orders} className={buttonClass({ variant: 'secondary' })}>
              Your Orders
            </Link>
          </div>
        </div>
      </div>

      <div className="mt-6 grid gap-4 sm:grid-cols-3">
        <Card label="Name" value={fullName || 'No name set'} />
        <Card label="Email" value={user.email} />
        <Card label="Joined" value={joinedDate(user.date_joined)} />
      </div>

      <div className="mt-6 rounded-lg border border-gray-200 p-6 dark:border-gray-800">
        <h2 className="text-lg font-semibold">About</h2>
        <p className="mt-2 whitespace-pre-line text-gray-800 dark:text-gray-200">{user.bio || 'No bio available'}</p>
      </div>

      {addressBook}

      <AccountSecurity profile={user} />

      <div className="mt-6 grid gap-4 sm:grid-cols-2">
        {recentActivity ?? (
          <div className="rounded-lg border border-gray-200 p-6 dark:border-gray-800">
            <h2 className="text-lg font-semibold">Recent Activity</h2>
            <p className="mt-2 text-gray-700 dark:text-gray-300">No recent activity</p>
          </div>
        )}
        <div className="rounded-lg border border-gray-200 p-6 dark:border-gray-800">
          <h2 className="text-lg font-semibold">Preferences</h2>
          {user.staff_notifications ? (
            <StaffNotifications settings={user.staff_notifications} />
          ) : (
            <p className="mt-2 text-gray-700 dark:text-gray-300">No preferences set</p>
          )}
        </div>
      </div>

      {editing && <EditProfileDialog profile={user} open={editing} onClose={() => setEditing(false)} />}
    </section>
  );
}
