import type { Address } from '@bookstore/contract';
import { useState } from 'react';
import { AddressText } from '../../../components/ui/AddressText';
import { Badge } from '../../../components/ui/Badge';
import { Button } from '../../../components/ui/Button';
import { Dialog, DialogActions } from '../../../components/ui/Dialog';
import { ErrorState } from '../../../components/ui/ErrorState';
import { Spinner } from '../../../components/ui/Spinner';
import toast from '../../../lib/toast';
import { addressInputOf, useAddresses, useDeleteAddress, useUpdateAddress } from '../api/addresses';
import { useOwnName } from '../api/addresses';
import { AddressDialog } from './lazy';

/**
 * The profile's "Addresses" card (docs/product.md, "After the sale"): every saved address, the default
 * marked and first, with Edit, Delete (after a question) and "Make default"; "Add address" opens the form.
 */
export function AddressBook() {
  const ownName = useOwnName();
  const addresses = useAddresses();
  const update = useUpdateAddress();
  const remove = useDeleteAddress();
  const [editing, setEditing] = useState<Address | 'new' | null>(null);
  const [deleting, setDeleting] = useState<Address | null>(null);
  const list = addresses.data ?? [];

  const makeDefault = (address: Address) =>
    update.mutate(
      { id: address.id, address: { ...addressInputOf(address), is_default: true } },
      {
        onSuccess: () => toast.success('Default address changed'),
        onError: () => toast.error('Failed to change the default address'),
      },
    );

  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting.id, {
      onSuccess: () => {
        toast.success('Address deleted');
        setDeleting(null);
      },
      onError: () => toast.error('Failed to delete address'),
    });
  };

  return (
    <section aria-labelledby="address-book" className="mt-6 rounded-lg border border-gray-200 p-6 dark:border-gray-800">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="address-book" className="text-lg font-semibold">
          Addresses
        </h2>
        <Button size="sm" onClick={() => setEditing('new')}>
          Add address
        </Button>
      </div>
      {addresses.isPending ? (
        <Spinner label="Loading addresses..." className="mt-4" />
      ) : addresses.isError ? (
        <ErrorState message="Failed to load addresses" onRetry={() => void addresses.refetch()} />
      ) : list.length === 0 ? (
        <p className="mt-3 text-gray-700 dark:text-gray-300">No saved addresses yet. Add one to check out faster.</p>
      ) : (
        <ul aria-label="Saved addresses" className="mt-4 grid gap-4 sm:grid-cols-2">
          {list.map((address) => (
            <li
              key={address.id}
              aria-label={`${address.name}, ${address.line1}`}
              className="flex flex-col justify-between gap-3 rounded-lg border border-gray-200 p-4 text-sm dark:border-gray-700"
            >
              <div className="flex items-start justify-between gap-3">
                <AddressText address={address} className="min-w-0 break-words" />
                {address.is_default && <Badge tone="green">Default</Badge>}
              </div>
              <div className="flex flex-wrap gap-2">
                <Button size="sm" variant="secondary" onClick={() => setEditing(address)}>
                  Edit<span className="sr-only"> {address.line1}</span>
                </Button>
                <Button size="sm" variant="secondary" onClick={() => setDeleting(address)}>
                  Delete<span className="sr-only"> {address.line1}</span>
                </Button>
                {!address.is_default && (
                  <Button
                    size="sm"
                    variant="secondary"
                    onClick={() => makeDefault(address)}
                    disabled={update.isPending}
                  >
                    Make default<span className="sr-only"> {address.line1}</span>
                  </Button>
                )}
              </div>
            </li>
          ))}
        </ul>
      )}
      {editing && (
        <AddressDialog
          address={editing === 'new' ? undefined : editing}
          defaultName={ownName}
          makeDefault={list.length === 0}
          onClose={() => setEditing(null)}
        />
      )}
      <Dialog
        open={deleting !== null}
        title="Delete this address?"
        busy={remove.isPending}
        onClose={() => setDeleting(null)}
        size="md"
      >
        {deleting && (
          <div className="mt-3 text-sm text-gray-700 dark:text-gray-300">
            <AddressText address={deleting} />
            <p className="mt-3">Orders already sent there keep their address.</p>
          </div>
        )}
        <DialogActions className="mt-6">
          <Button variant="secondary" onClick={() => setDeleting(null)} disabled={remove.isPending}>
            Keep it
          </Button>
          <Button variant="danger" onClick={confirmDelete} disabled={remove.isPending}>
            {remove.isPending ? 'Deleting...' : 'Delete address'}
          </Button>
        </DialogActions>
      </Dialog>
    </section>
  );
}
