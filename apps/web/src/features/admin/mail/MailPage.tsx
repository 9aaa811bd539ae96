import { SectionPage } from '../components/SectionPage';
import { useSectionParams } from '../hooks/useSectionParams';
import { MailTab, mailStatusFrom } from './MailTab';

/** Mail (`/admin/mail?q=&status=&page=`): every e-mail the shop wrote. */
export default function MailPage() {
  const { params, search, page, update, onPage } = useSectionParams();
  return (
    <SectionPage title="Mail" search="Search mail by address or subject">
      <MailTab
        search={search}
        page={page}
        status={mailStatusFrom(params.get('status'))}
        onPage={onPage}
        onStatus={(status) => update({ status })}
      />
    </SectionPage>
  );
}
