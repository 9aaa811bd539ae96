import { SectionPage } from '../components/SectionPage';
import { useSectionParams } from '../hooks/useSectionParams';
import { UsersTab } from './UsersTab';

/** Customers (`/admin/customers?q=&page=`): every account, customers and staff. */
export default function CustomersPage() {
  const { search, page, onPage } = useSectionParams();
  return (
    <SectionPage title="Customers" search="Search users by username or email">
      <UsersTab search={search} page={page} onPage={onPage} />
    </SectionPage>
  );
}
