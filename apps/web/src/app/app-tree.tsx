import { StrictMode, type ReactNode } from 'react';
import { AppProviders } from './providers/app-providers';

/**
 * Everything above the router. The browser puts <AppRouter /> inside it and the build's prerender of the
 * login page a static router at /user/login, so both render the same tree and the markup hydrates.
 */
export function AppTree({ children }: { children: ReactNode }) {
  return (
    <StrictMode>
      <AppProviders>{children}</AppProviders>
    </StrictMode>
  );
}
