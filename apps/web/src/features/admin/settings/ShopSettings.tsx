import type { ShopSettings } from '@bookstore/contract';
import { moneyToCents } from '@bookstore/contract/money';
import { useForm } from 'react-hook-form';
import { SubmitButton } from '../../../components/ui/Button';
import { fieldsOf, TextField } from '../../../components/ui/Field';
import { QueryStates } from '../../../components/ui/QueryStates';
import { Spinner } from '../../../components/ui/Spinner';
import toast from '../../../lib/toast';
import { useSaveShopSettings, useShopSettings } from '../api/settings';
import { Section } from '../components/Section';
import { refusal } from '../delivery/DeliveryTab';

interface SettingsFields {
  free: string;
  low: string;
}

/** The shop's settings: from which subtotal Standard Delivery is free (blank: never), and the low-stock threshold. */
function SettingsForm({ settings }: { settings: ShopSettings }) {
  const save = useSaveShopSettings();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<SettingsFields>({
    defaultValues: { free: settings.free_standard_from ?? '', low: String(settings.low_stock_threshold) },
  });
  const field = fieldsOf(register, errors);

  const submit = ({ free, low }: SettingsFields) =>
    save.mutate(
      { free_standard_from: free.trim() === '' ? null : free.trim(), low_stock_threshold: Number(low.trim()) },
      {
        onSuccess: () => toast.success('Shop settings saved'),
        onError: (error) => toast.error(refusal(error, 'Failed to save the shop settings')),
      },
    );

  return (
    <form
      noValidate
      onSubmit={handleSubmit(submit)}
      aria-label="Shop settings"
      className="grid gap-4 sm:grid-cols-3 sm:items-start"
    >
      <TextField
        label="Free Standard Delivery from ($)"
        inputMode="decimal"
        hint={<p className="mt-1 text-sm text-gray-700 dark:text-gray-300">0 for every order; blank for never.</p>}
        {...field('free', {
          validate: (v) => v.trim() === '' || moneyToCents(v.trim()) !== null || 'Enter an amount such as 25.00',
        })}
      />
      <TextField
        label="Low stock at (copies or fewer)"
        inputMode="numeric"
        {...field('low', { validate: (v) => /^\d{1,6}$/.test(v.trim()) || 'Enter a whole number of copies' })}
      />
      <SubmitButton busy={save.isPending} busyText="Saving..." className="sm:mt-6">
        Save settings
      </SubmitButton>
    </form>
  );
}

/** Settings: the shop's settings (free delivery from, low stock at), in a form of their own. */
export function ShopSettingsTab() {
  const settings = useShopSettings();
  return (
    <Section id="shop-settings" title="Shop settings">
      <QueryStates query={settings} pending={<Spinner label="Loading settings..." />} retry>
        {(data) => <SettingsForm key={JSON.stringify(data)} settings={data} />}
      </QueryStates>
    </Section>
  );
}
