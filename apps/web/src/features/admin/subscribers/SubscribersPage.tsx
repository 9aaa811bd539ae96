import { SectionPage } from '../components/SectionPage';
import { useSectionParams } from '../hooks/useSectionParams';
import { SubscribersTab } from './SubscribersTab';

/** Subscribers (`/admin/subscribers?q=&page=`): the newsletter's readers. */
export default function SubscribersPage() {
  const { search, page, onPage } = useSectionParams();
  return (
    <SectionPage title="Subscribers" search="Search subscribers by email">
      <SubscribersTab search={search} page={page} onPage={onPage} />
    </SectionPage>
  );
}
