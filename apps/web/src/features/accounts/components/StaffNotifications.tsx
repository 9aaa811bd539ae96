import type { Profile } from '@bookstore/contract';
import { CheckboxField } from '../../../components/ui/Field';
import toast from '../../../lib/toast';
import { problemOf } from '../api/recovery';
import { useStaffNotifications } from '../api/profile';

/** Staff's preferences: the e-mail for each paid order, on until they turn it off. */
export function StaffNotifications({ settings }: { settings: NonNullable<Profile['staff_notifications']> }) {
  const save = useStaffNotifications();
  return (
    <CheckboxField
      className="mt-3"
      label="E-mail me when an order is paid"
      checked={save.isPending ? Boolean(save.variables?.paid_orders) : settings.paid_orders}
      disabled={save.isPending}
      onChange={(event) =>
        save.mutate(
          { paid_orders: event.target.checked },
          {
            onSuccess: (saved) =>
              toast.success(
                saved.paid_orders ? 'You will get an e-mail for each paid order' : 'No more paid-order e-mails',
              ),
            onError: (error) => toast.error(problemOf(error)),
          },
        )
      }
    />
  );
}
