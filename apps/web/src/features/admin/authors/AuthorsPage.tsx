import { SectionPage } from '../components/SectionPage';
import { useSectionParams } from '../hooks/useSectionParams';
import { ShelvesTab } from './ShelvesTab';

/** Authors & categories (`/admin/authors?q=`). */
export default function AuthorsPage() {
  const { search } = useSectionParams();
  return (
    <SectionPage title="Authors & categories" search="Search authors and categories by name">
      <ShelvesTab search={search} />
    </SectionPage>
  );
}
