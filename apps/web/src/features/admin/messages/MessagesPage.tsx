import { SectionPage } from '../components/SectionPage';
import { useSectionParams } from '../hooks/useSectionParams';
import { MessagesTab, statusFrom } from './MessagesTab';

/** Messages (`/admin/messages?q=&status=&page=`): what shoppers wrote through the contact form. */
export default function MessagesPage() {
  const { params, search, page, update, onPage } = useSectionParams();
  return (
    <SectionPage title="Messages" search="Search messages by name, email or subject">
      <MessagesTab
        search={search}
        page={page}
        status={statusFrom(params.get('status'))}
        onPage={onPage}
        onStatus={(status) => update({ status })}
      />
    </SectionPage>
  );
}
