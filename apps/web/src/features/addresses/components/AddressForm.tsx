import {
  type Address,
  type AddressRequest,
  type AddressRequestInput,
  addressRequestSchema,
  COUNTRY_CODES,
  countryName,
} from '@bookstore/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Button } from '../../../components/ui/Button';
import { Dialog, DialogActions } from '../../../components/ui/Dialog';
import { CheckboxField, fieldsOf, SelectField, TextField } from '../../../components/ui/Field';
import { ApiError } from '../../../lib/api-client';
import toast from '../../../lib/toast';
import { addressInputOf, useCreateAddress, useUpdateAddress } from '../api/addresses';

type FormValues = Required<AddressRequestInput>;

/** Every ISO 3166 country, by its English name. */
const COUNTRY_OPTIONS = COUNTRY_CODES.map((code) => ({ code, name: countryName(code) })).sort((a, b) =>
  a.name.localeCompare(b.name, 'en'),
);

const EMPTY: FormValues = {
  name: '',
  line1: '',
  line2: '',
  city: '',
  region: '',
  postal_code: '',
  country: 'US',
  phone: '',
  is_default: false,
};

/**
 * An address's fields (docs/product.md, "After the sale"), checked by the contract's schema before they
 * are sent; the server's own refusal (a postal code that does not fit the country, say) lands on its
 * field. Saves a new address, or `address` when given; `onSaved` gets the saved address.
 */
export function AddressForm({
  address,
  defaultName = '',
  makeDefault = false,
  submitLabel,
  onSaved,
  onCancel,
}: {
  address?: Address;
  /** A new address's name, prefilled (the shopper's own). */
  defaultName?: string;
  /** A new address is ticked as the default (the first one the shopper saves). */
  makeDefault?: boolean;
  submitLabel: string;
  onSaved(address: Address): void;
  onCancel?(): void;
}) {
  const create = useCreateAddress();
  const update = useUpdateAddress();
  const busy = create.isPending || update.isPending;
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<FormValues, unknown, AddressRequest>({
    resolver: zodResolver(addressRequestSchema) as never,
    defaultValues: address ? addressInputOf(address) : { ...EMPTY, name: defaultName, is_default: makeDefault },
  });
  const field = fieldsOf(register, errors);

  const onError = (error: unknown) => {
    if (error instanceof ApiError && error.status < 500) {
      const fields = error.fields ?? {};
      let placed = false;
      for (const [name, messages] of Object.entries(fields)) {
        if (name in EMPTY && messages[0]) {
          setError(name as keyof FormValues, { message: messages[0] });
          placed = true;
        }
      }
      if (!placed) toast.error(error.message);
      return;
    }
    toast.error('Failed to save address');
  };

  const onSubmit = (values: AddressRequest) => {
    const done = (saved: Address) => {
      toast.success(address ? 'Address updated' : 'Address saved');
      onSaved(saved);
    };
    if (address) update.mutate({ id: address.id, address: values }, { onSuccess: done, onError });
    else create.mutate(values, { onSuccess: done, onError });
  };

  return (
    <form noValidate onSubmit={handleSubmit(onSubmit)} className="space-y-4" aria-label={submitLabel}>
      <TextField label="Full name" autoComplete="name" {...field('name')} />
      <TextField label="Address line 1" autoComplete="address-line1" {...field('line1')} />
      <TextField label="Address line 2 (optional)" autoComplete="address-line2" {...field('line2')} />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label="City" autoComplete="address-level2" {...field('city')} />
        <TextField label="State / region (optional)" autoComplete="address-level1" {...field('region')} />
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label="Postal code" autoComplete="postal-code" {...field('postal_code')} />
        <SelectField label="Country" autoComplete="country" {...field('country')}>
          {COUNTRY_OPTIONS.map((country) => (
            <option key={country.code} value={country.code}>
              {country.name}
            </option>
          ))}
        </SelectField>
      </div>
      <TextField label="Phone (optional)" type="tel" autoComplete="tel" {...field('phone')} />
      <CheckboxField label="Use as my default address" {...register('is_default')} />
      <DialogActions>
        {onCancel && (
          <Button variant="secondary" onClick={onCancel} disabled={busy}>
            Cancel
          </Button>
        )}
        <Button type="submit" disabled={busy}>
          {busy ? 'Saving...' : submitLabel}
        </Button>
      </DialogActions>
    </form>
  );
}

/** The form in a dialog: "Add address" or "Edit address". */
export function AddressDialog({
  address,
  defaultName,
  makeDefault,
  onClose,
  onSaved,
}: {
  address?: Address;
  defaultName?: string;
  makeDefault?: boolean;
  onClose(): void;
  onSaved?(address: Address): void;
}) {
  return (
    <Dialog open title={address ? 'Edit address' : 'Add address'} onClose={onClose}>
      <div className="mt-5">
        <AddressForm
          address={address}
          defaultName={defaultName}
          makeDefault={makeDefault}
          submitLabel="Save address"
          onCancel={onClose}
          onSaved={(saved) => {
            onSaved?.(saved);
            onClose();
          }}
        />
      </div>
    </Dialog>
  );
}
