import {
  type ShippingMethodCreateInput,
  shippingMethodCreateSchema,
  type StaffShippingMethod,
} from '@bookstore/contract';
import { formatMoney, moneyToCents } from '@bookstore/contract/money';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '../../../components/ui/Button';
import { Dialog, SaveActions } from '../../../components/ui/Dialog';
import { QueryStates } from '../../../components/ui/QueryStates';
import { CheckboxField, fieldsOf, TextField } from '../../../components/ui/Field';
import { ScrollFrame } from '../../../components/ui/ScrollFrame';
import { Spinner } from '../../../components/ui/Spinner';
import { ApiError } from '../../../lib/api-client';
import toast from '../../../lib/toast';
import { useSaveShippingMethod, useStaffShippingMethods } from '../api/delivery';
import { cellClass, HeadingCells, tableClass } from '../components/Pager';

export const refusal = (error: unknown, fallback: string) =>
  error instanceof ApiError && error.status < 500 ? error.message : fallback;

interface MethodForm {
  code: string;
  name: string;
  days: string;
  price: string;
  active: boolean;
  position: string;
}

/** The method dialog: a new one (its code too) or `method`'s name, days, price, place and whether it is offered. */
function MethodDialog({ method, onClose }: { method: StaffShippingMethod | null; onClose(): void }) {
  const save = useSaveShippingMethod();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<MethodForm>({
    defaultValues: method
      ? { ...method, position: String(method.position) }
      : { code: '', name: '', days: '', price: '', active: true, position: '0' },
  });
  const field = fieldsOf(register, errors);
  const [problems, setProblems] = useState<Partial<Record<keyof MethodForm, string>>>({});

  const submit = (values: MethodForm) => {
    const fields: ShippingMethodCreateInput = {
      ...values,
      position: /^\d+$/.test(values.position.trim()) ? Number(values.position) : -1,
    };
    // The contract's rules, in its words, before anything is sent.
    const checked = shippingMethodCreateSchema.safeParse(fields);
    const found: Partial<Record<keyof MethodForm, string>> = {};
    for (const issue of checked.success ? [] : checked.error.issues) {
      const name = String(issue.path[0]) as keyof MethodForm;
      found[name] ??= issue.message;
    }
    setProblems(found);
    if (Object.keys(found).length > 0) return;
    save.mutate(
      { editing: method !== null, fields },
      {
        onSuccess: () => {
          toast.success(method ? 'Delivery method updated' : 'Delivery method added');
          onClose();
        },
        onError: (error) => toast.error(refusal(error, 'Failed to save the delivery method')),
      },
    );
  };

  const show = (name: keyof MethodForm) => ({ ...field(name), error: problems[name] ?? field(name).error });
  return (
    <Dialog open title={method ? `Edit ${method.name}` : 'Add delivery method'} busy={save.isPending} onClose={onClose}>
      <form noValidate onSubmit={handleSubmit(submit)} className="mt-5 space-y-4">
        <TextField
          label="Code"
          readOnly={method !== null}
          hint={
            <p className="mt-1 text-sm text-gray-700 dark:text-gray-300">
              Lowercase letters, digits and dashes; it cannot change later.
            </p>
          }
          {...show('code')}
        />
        <TextField label="Name" {...show('name')} />
        <TextField label="Delivery time" placeholder="3-5 business days" {...show('days')} />
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField label="Price ($)" inputMode="decimal" {...show('price')} />
          <TextField label="Place in the list" inputMode="numeric" {...show('position')} />
        </div>
        <CheckboxField label="Offered at checkout" {...register('active')} />
        <SaveActions busy={save.isPending} onCancel={onClose} />
      </form>
    </Dialog>
  );
}

/**
 * Delivery (docs/product.md, "After the sale"): the shop's delivery methods, as the book page and
 * the checkout offer them, each edited in a dialog, a new one added.
 */
export function DeliveryTab() {
  const methods = useStaffShippingMethods();
  const [editing, setEditing] = useState<StaffShippingMethod | 'new' | null>(null);

  return (
    <div className="space-y-8">
      <section aria-labelledby="delivery-methods">
        <div className="mb-3 flex flex-wrap items-center justify-between gap-3">
          <h2 id="delivery-methods" className="text-lg font-semibold">
            Delivery methods
          </h2>
          <Button onClick={() => setEditing('new')}>Add delivery method</Button>
        </div>
        <QueryStates
          query={methods}
          pending={<Spinner label="Loading delivery methods..." />}
          retry
          isEmpty={(list) => list.length === 0}
          empty={
            <p className="py-6 text-gray-700 dark:text-gray-300">
              No delivery methods yet: paper books cannot be ordered.
            </p>
          }
        >
          {(list) => (
            <ScrollFrame label="Delivery methods">
              <table className={tableClass}>
                <thead className="bg-gray-50 dark:bg-gray-900">
                  <tr>
                    <HeadingCells labels={['Name', 'Code', 'Delivery time', 'Price', 'Offered']} actions />
                  </tr>
                </thead>
                <tbody className="divide-y divide-gray-200 dark:divide-gray-800">
                  {list.map((method) => (
                    <tr key={method.code}>
                      <td className={`${cellClass} font-medium`}>{method.name}</td>
                      <td className={`${cellClass} font-mono text-xs`}>{method.code}</td>
                      <td className={cellClass}>{method.days}</td>
                      <td className={cellClass}>{formatMoney(moneyToCents(method.price) ?? 0)}</td>
                      <td className={cellClass}>{method.active ? 'Yes' : 'No'}</td>
                      <td className={cellClass}>
                        <Button
                          variant="secondary"
                          onClick={() => setEditing(method)}
                          aria-label={`Edit ${method.name}`}
                        >
                          Edit
                        </Button>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </ScrollFrame>
          )}
        </QueryStates>
      </section>
      {editing && <MethodDialog method={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
    </div>
  );
}
