import { RecentActivity } from '../../features/activity/components/RecentActivity';
import { AddressBook } from '../../features/addresses/components/AddressBook';
import ProfilePage from '../../features/accounts/pages/ProfilePage';

/** The profile with the activity feature's Recent Activity card and the address book (features meet here, in app/). */
export default function ProfileRoute() {
  return <ProfilePage recentActivity={<RecentActivity />} addressBook={<AddressBook />} />;
}
