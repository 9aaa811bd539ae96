import { RecentActivity } from '../../features/activity/components/RecentActivity';
import ProfilePage from '../../features/accounts/pages/ProfilePage';

/** The profile with the activity feature's Recent Activity card (features meet here, in app/). */
export default function ProfileRoute() {
  return <ProfilePage recentActivity={<RecentActivity />} />;
}
