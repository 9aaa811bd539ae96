import type { Address, AddressRequestInput } from '@bookstore/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useAuthStore } from '../../../stores/auth';

/** The signed-in shopper's address book (docs/product.md, "After the sale"), under one key. */
export const ADDRESSES_KEY = ['addresses'];

/** GET /addresses/ : the default first. */
export function useAddresses(enabled = true) {
  return useQuery({
    queryKey: ADDRESSES_KEY,
    enabled,
    queryFn: ({ signal }) => api.get<Address[]>('/addresses/', { signal }),
  });
}

function useRefresh() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: ADDRESSES_KEY });
}

/** POST /addresses/ */
export function useCreateAddress() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (address: AddressRequestInput) => api.post<Address>('/addresses/', address),
    onSuccess: () => refresh(),
  });
}

/** PUT /addresses/{id}/ (also how an address becomes the default: `is_default: true`). */
export function useUpdateAddress() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ id, address }: { id: number; address: AddressRequestInput }) =>
      api.put<Address>(`/addresses/${id}/`, address),
    onSuccess: () => refresh(),
  });
}

/** DELETE /addresses/{id}/ */
export function useDeleteAddress() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (id: number) => api.delete<unknown>(`/addresses/${id}/`),
    onSuccess: () => refresh(),
  });
}

/** The fields of an address as the form and the PUT take them (an address from the list, without its id). */
export function addressInputOf(address: Address): AddressRequestInput {
  return {
    name: address.name,
    line1: address.line1,
    line2: address.line2,
    city: address.city,
    region: address.region,
    postal_code: address.postal_code,
    country: address.country,
    phone: address.phone,
    is_default: address.is_default,
  };
}

/** The signed-in shopper's name, to prefill a new address. */
export function useOwnName(): string {
  const first = useAuthStore((s) => s.profile?.firstName);
  const last = useAuthStore((s) => s.profile?.lastName);
  return [first, last].filter(Boolean).join(' ');
}
