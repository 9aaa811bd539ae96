import { SectionPage } from '../components/SectionPage';
import { SalesTab } from './SalesTab';

/** Sales (`/admin/sales`): scheduled, running and ended sales, and a new one. */
export default function SalesPage() {
  return (
    <SectionPage title="Sales">
      <SalesTab />
    </SectionPage>
  );
}
