/** Renders map tools inside a fake map's context with the app's providers (kept on rerender). */
import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { theme } from '../../config/theme';
import { createQueryClient } from '../../lib/query-client';
import { MapContext } from '../map-context';
import type { FakeMap } from './fake-map';

export function renderInMap(ui: ReactNode, map: FakeMap) {
  const client = createQueryClient();
  return render(ui, {
    wrapper: ({ children }) => (
      <MantineProvider theme={theme} env="test">
        <QueryClientProvider client={client}>
          <MapContext.Provider value={map.asMap()}>{children}</MapContext.Provider>
        </QueryClientProvider>
      </MantineProvider>
    ),
  });
}
