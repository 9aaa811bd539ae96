import { SectionPage } from '../components/SectionPage';
import { useSectionParams } from '../hooks/useSectionParams';
import { ReviewQueueTab } from './ReviewQueueTab';

/** Reviews (`/admin/reviews?q=&page=`): the books readers sent, waiting for staff to decide. */
export default function ReviewsPage() {
  const { search, page, onPage } = useSectionParams();
  return (
    <SectionPage title="Reviews" search="Search waiting books by title, author or sender">
      <ReviewQueueTab search={search} page={page} onPage={onPage} />
    </SectionPage>
  );
}
