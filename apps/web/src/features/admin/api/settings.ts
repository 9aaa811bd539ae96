import type { ShopSettings, ShopSettingsUpdateInput } from '@bookstore/contract';
import { useMutation, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useRefreshDelivery } from './common';

/** GET /admin/settings/ : the free-Standard threshold and the low-stock threshold. */
export function useShopSettings() {
  return useQuery({
    queryKey: ['admin', 'settings'],
    queryFn: ({ signal }) => api.get<ShopSettings>('/admin/settings/', { signal }),
  });
}

/** PUT /admin/settings/ */
export function useSaveShopSettings() {
  const refresh = useRefreshDelivery();
  return useMutation({
    mutationFn: (changes: ShopSettingsUpdateInput) => api.put<ShopSettings>('/admin/settings/', changes),
    onSuccess: () => refresh(),
  });
}
