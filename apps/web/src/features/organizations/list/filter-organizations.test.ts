import { describe, expect, it } from 'vitest';
import { organizationsTitle } from './filter-organizations';

describe('organizationsTitle', () => {
  it('counts the organisations, or says how many a search displays', () => {
    expect(organizationsTitle(3, 3)).toBe('Organizations (3)');
    expect(organizationsTitle(1, 7)).toBe('Organizations (displaying 1/7)');
  });
});
