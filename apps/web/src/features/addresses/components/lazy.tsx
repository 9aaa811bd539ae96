import { type ComponentProps, lazy, Suspense } from 'react';
import { Spinner } from '../../../components/ui/Spinner';
import type { AddressDialog as Dialog, AddressForm as Form } from './AddressForm';

/**
 * The address form and its dialog, loaded when first shown: their chunk carries the contract's schemas
 * (zod, the country and postal-code lists), which a cart whose shopper has saved addresses never needs.
 */
const load = () => import('./AddressForm');
const FormLater = lazy(() => load().then((module) => ({ default: module.AddressForm })));
const DialogLater = lazy(() => load().then((module) => ({ default: module.AddressDialog })));

export function AddressForm(props: ComponentProps<typeof Form>) {
  return (
    <Suspense fallback={<Spinner label="Loading the address form..." />}>
      <FormLater {...props} />
    </Suspense>
  );
}

export function AddressDialog(props: ComponentProps<typeof Dialog>) {
  return (
    <Suspense fallback={null}>
      <DialogLater {...props} />
    </Suspense>
  );
}
