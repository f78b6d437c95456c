/** The providers every screen needs: Mantine (theme) and TanStack Query (REST data). */
import '@mantine/core/styles.css';
import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { cssVariablesResolver, theme } from '../config/theme';
import { persistQueries } from '../lib/persisted-queries';
import { queryClient } from '../lib/query-client';

// Before the first screen asks: reference data kept from before a reload shows at once.
persistQueries(queryClient);

export function Providers({ children }: { children: ReactNode }) {
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </MantineProvider>
  );
}
