import type { QueryClient } from '@tanstack/react-query';
import { StrictMode, type ReactNode } from 'react';
import { AppProviders } from './providers';

/** The whole app around a router: the browser's (main.tsx) or the server's (entry-server.tsx). */
export function App({ client, children }: { client?: QueryClient; children: ReactNode }) {
  return (
    <StrictMode>
      <AppProviders client={client}>{children}</AppProviders>
    </StrictMode>
  );
}
