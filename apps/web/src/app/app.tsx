import '@mantine/core/styles.css';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from 'react-router/dom';
import { CACHED_API_DATA_S, QUERY_REFRESH_MS } from '@flare/core/constants';
import { cssVariablesResolver, theme } from '../config/theme';
import { router } from './router';

const queryClient = new QueryClient({
  defaultOptions: {
    queries: { staleTime: QUERY_REFRESH_MS, gcTime: CACHED_API_DATA_S * 1000, retry: 1 },
  },
});

export function App() {
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>
  );
}
