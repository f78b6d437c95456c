import { describe, expect, it } from 'vitest';
import { cellForKey, rowForKey } from './grid-keys';

describe('assets list keys', () => {
  it('move one row, a screenful or to either end, never past the first or last row', () => {
    expect(rowForKey('ArrowDown', 3, 10, 4)).toBe(4);
    expect(rowForKey('ArrowUp', 3, 10, 4)).toBe(2);
    expect(rowForKey('PageDown', 3, 10, 4)).toBe(7);
    expect(rowForKey('PageUp', 3, 10, 4)).toBe(0);
    expect(rowForKey('PageDown', 8, 10, 4)).toBe(9);
    expect(rowForKey('Home', 3, 10, 4)).toBe(0);
    expect(rowForKey('End', 3, 10, 4)).toBe(9);
    expect(rowForKey('ArrowDown', 9, 10, 4)).toBe(9);
    expect(rowForKey('ArrowUp', 0, 10, 4)).toBe(0);
  });

  it('move at least one row a page, however short the view', () => {
    expect(rowForKey('PageDown', 0, 10, 0)).toBe(1);
    expect(rowForKey('PageUp', 5, 10, 0)).toBe(4);
  });

  it('leave other keys to the page', () => {
    expect(rowForKey('Enter', 3, 10, 4)).toBeNull();
    expect(rowForKey('a', 3, 10, 4)).toBeNull();
    expect(cellForKey('Enter', 'open')).toBeNull();
  });

  it('move between the row controls with Left and Right, stopping at either end', () => {
    expect(cellForKey('ArrowRight', 'open')).toBe('find');
    expect(cellForKey('ArrowRight', 'find')).toBe('find');
    expect(cellForKey('ArrowLeft', 'find')).toBe('open');
    expect(cellForKey('ArrowLeft', 'open')).toBe('open');
  });
});
