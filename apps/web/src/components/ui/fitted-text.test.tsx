import { render, screen } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FittedText } from './fitted-text';

/** A page that measures 8 px a character, in a line `width` px wide (happy-dom lays nothing out). */
function measuresWith(width: number) {
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue({
    font: '',
    measureText: (text: string) => ({ width: text.length * 8 }),
  } as unknown as CanvasRenderingContext2D);
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(width);
}

const show = () =>
  render(
    <MantineProvider>
      <FittedText full="Sergeant Heavy Rescue 101" short="Serg... 101" />
    </MantineProvider>,
  );

afterEach(() => vi.restoreAllMocks());

describe('a line cut only when space is short', () => {
  it('shows the full text where it fits', () => {
    measuresWith(25 * 8);
    show();
    expect(screen.getByText('Sergeant Heavy Rescue 101')).toBeTruthy();
  });

  it('shows the short text where the full one would overflow', () => {
    measuresWith(25 * 8 - 1);
    show();
    expect(screen.getByText('Serg... 101')).toBeTruthy();
  });

  it('shows the full text where the page cannot measure', () => {
    show();
    expect(screen.getByText('Sergeant Heavy Rescue 101')).toBeTruthy();
  });
});
