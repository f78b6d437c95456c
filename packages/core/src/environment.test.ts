import { describe, expect, it } from 'vitest';
import { environmentNotice } from './environment';

describe('installation environments', () => {
  it('mark every environment but production', () => {
    expect(environmentNotice('production')).toBeNull();
    expect(environmentNotice('staging')).toBe('Staging installation: not the live system');
    expect(environmentNotice('development')).toBe('Development installation: not the live system');
    expect(environmentNotice('test')).toBe('Test installation: not the live system');
  });
});
