import { describe, expect, it } from 'vitest';
import { countOf, normalizeText, periodInWords, unstorableText } from './text';

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

describe('countOf', () => {
  it('says the noun in the number the count needs, the count grouped by thousands', () => {
    expect(countOf(1, 'point')).toBe('1 point');
    expect(countOf(0, 'point')).toBe('0 points');
    expect(countOf(1_500, 'point')).toBe('1,500 points');
    expect(countOf(2, 'person', 'people')).toBe('2 people');
  });
});

describe('periodInWords', () => {
  it('says a period in its largest whole unit', () => {
    expect(periodInWords(7 * 86_400)).toBe('7 days');
    expect(periodInWords(86_400)).toBe('1 day');
    expect(periodInWords(36 * 3_600)).toBe('36 hours');
    expect(periodInWords(3_600)).toBe('1 hour');
    expect(periodInWords(90 * 60)).toBe('90 minutes');
    expect(periodInWords(61)).toBe('1 minute');
  });
});
