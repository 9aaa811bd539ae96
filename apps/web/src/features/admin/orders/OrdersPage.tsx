import { SectionPage } from '../components/SectionPage';
import { useSectionParams } from '../hooks/useSectionParams';
import { fulfilmentFrom, OrdersTab, paymentFrom } from './OrdersTab';

/** Orders (`/admin/orders?q=&fulfilment=&payment=&page=`): the work queue, its filters in the address. */
export default function OrdersPage() {
  const { params, search, page, update, onPage } = useSectionParams();
  return (
    <SectionPage title="Orders" search="Search orders by number, email or name">
      <OrdersTab
        search={search}
        page={page}
        payment={paymentFrom(params.get('payment'))}
        fulfilment={fulfilmentFrom(params.get('fulfilment'))}
        onPage={onPage}
        onFilter={(changes) => update(changes)}
      />
    </SectionPage>
  );
}
