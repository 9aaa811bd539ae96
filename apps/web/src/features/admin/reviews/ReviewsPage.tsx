import { SectionPage } from '../components/SectionPage';
import { Section } from '../components/Section';
import { useSectionParams } from '../hooks/useSectionParams';
import { ReportedReviews } from './ReportedReviews';
import { ReviewQueueTab } from './ReviewQueueTab';

/**
 * Reviews (`/admin/reviews?q=&page=&reported=`): the books readers sent, waiting for staff to decide, and
 * the reviews shoppers reported (paged on their own, by `reported`).
 */
export default function ReviewsPage() {
  const { params, search, page, onPage, update } = useSectionParams();
  const reportedPage = Math.max(1, Number(params.get('reported')) || 1);
  return (
    <SectionPage title="Reviews" search="Search waiting books by title, author or sender">
      <Section id="waiting-books" title="Books waiting for review">
        <ReviewQueueTab search={search} page={page} onPage={onPage} />
      </Section>
      <ReportedReviews page={reportedPage} onPage={(p) => update({ reported: p === 1 ? null : p }, false)} />
    </SectionPage>
  );
}
