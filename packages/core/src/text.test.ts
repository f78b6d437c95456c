import { describe, expect, it } from 'vitest';
import { normalizeText, unstorableText } from './text';

describe('unstorableText', () => {
  it('refuses the NUL character and lone surrogates, and takes any other text', () => {
    expect(unstorableText('a\u0000b')).toBe('contains a NUL character');
    expect(unstorableText('\ud800')).toBe('is not valid Unicode text');
    expect(unstorableText('x\udc00')).toBe('is not valid Unicode text');
    expect(unstorableText('Café 🚓 ok\n')).toBeNull();
  });
});

describe('normalizeText', () => {
  it('trims and composes, so ids typed differently compare equal', () => {
    expect(normalizeText(' CAFE\u0301-1 ')).toBe('CAF\u00c9-1');
  });
});
