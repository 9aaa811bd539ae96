import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { lazy, Suspense, useSyncExternalStore, type ReactNode } from 'react';
import { queryClient } from '../lib/query-client';
import { onToastsWanted, toastsWanted } from '../lib/toast';
import { FeatureSlots } from './slots';

// The toaster (and its library) loads with the first toast: most visits never show one.
const AppToaster = lazy(() => import('./toaster'));

function Toasts() {
  const wanted = useSyncExternalStore(onToastsWanted, toastsWanted, () => false);
  return wanted ? (
    <Suspense fallback={null}>
      <AppToaster />
    </Suspense>
  ) : null;
}

/** `client`: the server gives each request its own; the browser uses the app's one. */
export function AppProviders({ children, client = queryClient }: { children: ReactNode; client?: QueryClient }) {
  return (
    <QueryClientProvider client={client}>
      <FeatureSlots>{children}</FeatureSlots>
      <Toasts />
    </QueryClientProvider>
  );
}
