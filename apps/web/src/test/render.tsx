import type { ReactElement } from 'react';
import { MemoryRouter } from 'react-router';
import { render } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { AppProviders } from '@/app/providers/app-providers';
import { createQueryClient } from '@/lib/query-client';

/** Renders inside the app's providers (antd App, zh-CN, query client) and a memory router. */
export function renderWithApp(ui: ReactElement, { route = '/' }: { route?: string } = {}) {
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <AppProviders>
        <MemoryRouter initialEntries={[route]}>{ui}</MemoryRouter>
      </AppProviders>
    </QueryClientProvider>,
  );
}
