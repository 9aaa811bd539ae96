import { useEffect, useState } from 'react';
import { AddressText } from '../../../components/ui/AddressText';
import { Badge } from '../../../components/ui/Badge';
import { Button } from '../../../components/ui/Button';
import { ChoiceCard } from '../../../components/ui/ChoiceCard';
import { ErrorState } from '../../../components/ui/ErrorState';
import { Spinner } from '../../../components/ui/Spinner';
import { useAddresses } from '../api/addresses';
import { useOwnName } from '../api/addresses';
import { AddressDialog, AddressForm } from './lazy';

/**
 * The checkout's "Delivery address" (docs/product.md, "After the sale"): the saved addresses to pick from,
 * the default picked at first, and "Add a new address"; a shopper with none fills the form in place.
 * `value` is the picked address's id.
 */
export function AddressChooser({ value, onChange }: { value: number | null; onChange(id: number | null): void }) {
  const ownName = useOwnName();
  const addresses = useAddresses();
  const [adding, setAdding] = useState(false);
  const list = addresses.data;

  // The default (or the first) is picked until the shopper picks another; a picked address that was
  // deleted elsewhere is let go.
  useEffect(() => {
    if (!list) return;
    if (value !== null && list.some((address) => address.id === value)) return;
    const first = list.find((address) => address.is_default) ?? list[0];
    onChange(first?.id ?? null);
  }, [list, value, onChange]);

  if (addresses.isPending) return <Spinner label="Loading addresses..." />;
  if (addresses.isError) {
    return <ErrorState message="Failed to load addresses" onRetry={() => void addresses.refetch()} />;
  }
  if (list!.length === 0) {
    return (
      <div>
        <p className="mb-4 text-sm text-gray-700 dark:text-gray-300">Where should we send your books?</p>
        <AddressForm defaultName={ownName} makeDefault submitLabel="Use this address" onSaved={(a) => onChange(a.id)} />
      </div>
    );
  }
  return (
    <fieldset>
      <legend className="sr-only">Delivery address</legend>
      <div className="grid gap-3 sm:grid-cols-2">
        {list!.map((address) => (
          <ChoiceCard
            key={address.id}
            name="delivery-address"
            value={address.id}
            checked={value === address.id}
            onChoose={() => onChange(address.id)}
            top
          >
            <span className="min-w-0 flex-1 break-words">
              <AddressText address={address} />
              {address.is_default && (
                <Badge tone="green" className="mt-2 inline-block">
                  Default
                </Badge>
              )}
            </span>
          </ChoiceCard>
        ))}
      </div>
      <Button variant="secondary" size="sm" className="mt-3" onClick={() => setAdding(true)}>
        Add a new address
      </Button>
      {adding && (
        <AddressDialog defaultName={ownName} onClose={() => setAdding(false)} onSaved={(a) => onChange(a.id)} />
      )}
    </fieldset>
  );
}
