import { SectionPage } from '../components/SectionPage';
import { DeliveryTab } from './DeliveryTab';

/** Delivery (`/admin/delivery`): the delivery methods checkout offers. */
export default function DeliveryPage() {
  return (
    <SectionPage title="Delivery">
      <DeliveryTab />
    </SectionPage>
  );
}
