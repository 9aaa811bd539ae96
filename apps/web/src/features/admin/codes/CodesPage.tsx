import { SectionPage } from '../components/SectionPage';
import { CodesTab } from './CodesTab';

/** Codes (`/admin/codes`): the promo codes, and a new one. */
export default function CodesPage() {
  return (
    <SectionPage title="Codes">
      <CodesTab />
    </SectionPage>
  );
}
