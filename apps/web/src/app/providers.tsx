import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useEffect, type ReactNode } from 'react';
import toast, { Toaster, useToasterStore } from 'react-hot-toast';
import { queryClient } from '../lib/query-client';
import { FeatureSlots } from './slots';

/** Spec section 9: at most 20 toasts on screen; older ones are dismissed. */
export const TOAST_LIMIT = 20;

function ToastLimit() {
  const { toasts } = useToasterStore();
  useEffect(() => {
    toasts
      .filter((t) => t.visible)
      .slice(TOAST_LIMIT)
      .forEach((t) => toast.dismiss(t.id));
  }, [toasts]);
  return null;
}

/** `client`: the server gives each request its own; the browser uses the app's one. */
export function AppProviders({ children, client = queryClient }: { children: ReactNode; client?: QueryClient }) {
  return (
    <QueryClientProvider client={client}>
      <FeatureSlots>{children}</FeatureSlots>
      <ToastLimit />
      <Toaster
        position="top-center"
        containerStyle={{ top: 72 }}
        toastOptions={{
          // error, blank and custom: 4 s; success: 2 s; loading: until dismissed.
          duration: 4000,
          success: { duration: 2000 },
          loading: { duration: Infinity },
          className: 'dark:!bg-gray-800 dark:!text-gray-100',
        }}
      />
    </QueryClientProvider>
  );
}
