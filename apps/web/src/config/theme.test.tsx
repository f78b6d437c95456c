import { MultiSelect, rem, Select } from '@mantine/core';
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderRoutes } from '../testing/render';
import { theme } from './theme';

const options = Array.from({ length: 30 }, (_, i) => `Option ${i + 1}`);

/** The scrolling box around an open list's options. */
const listBoxHeight = () => {
  const box = screen.getByRole('listbox').querySelector<HTMLElement>('[style*="max-height"]');
  return box?.style.maxHeight;
};

describe('the theme', () => {
  it.each([
    ['a select', <Select key="s" label="Pick" data={options} />],
    ['a multi-select', <MultiSelect key="m" label="Pick" data={options} />],
  ])('caps %s option list at 400 px', async (_, element) => {
    renderRoutes([{ path: '/', element }], '/');
    fireEvent.click((await screen.findAllByLabelText('Pick'))[0]!);
    expect(listBoxHeight()).toBe(rem(400));
  });

  it('has the breakpoints xs 500, sm 768, md 769, lg 1025, xl 1281 and xxl 1441 px', () => {
    expect(theme.breakpoints).toEqual({
      xs: '31.25em',
      sm: '48em',
      md: '48.0625em',
      lg: '64.0625em',
      xl: '80.0625em',
      xxl: '90.0625em',
    });
  });
});
