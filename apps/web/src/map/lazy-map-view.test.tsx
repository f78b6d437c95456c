import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@flare/core/messages';
import { theme } from '../config/theme';
import { createQueryClient } from '../lib/query-client';
import { LazyMapView } from './lazy-map-view';
import { isWebGLAvailable } from './webgl-support';

describe('without WebGL', () => {
  it('creates no map and explains how to turn WebGL on in Chrome, Firefox and Safari', () => {
    // happy-dom, like a browser with WebGL turned off, gives no WebGL context.
    expect(isWebGLAvailable()).toBe(false);
    render(
      <MantineProvider theme={theme} env="test">
        <QueryClientProvider client={createQueryClient()}>
          <LazyMapView>
            <p>a layer</p>
          </LazyMapView>
        </QueryClientProvider>
      </MantineProvider>,
    );
    const dialog = screen.getByRole('dialog', { name: MESSAGES.webglRequired });
    for (const browser of ['Chrome', 'Firefox', 'Safari']) {
      expect(within(dialog).getByRole('heading', { name: browser })).toBeTruthy();
    }
    expect(screen.queryByText('a layer')).toBeNull();

    fireEvent.click(within(dialog).getByRole('button', { name: 'OK' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'How to enable WebGL' }));
    expect(screen.getByRole('dialog', { name: MESSAGES.webglRequired })).toBeTruthy();
  });
});
