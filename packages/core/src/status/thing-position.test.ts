import { describe, expect, it } from 'vitest';
import { movesAsset } from './thing-position';

describe('movesAsset', () => {
  it('takes positions within 100 m, or without a stated accuracy', () => {
    expect(movesAsset({ accuracy: 100 }, false)).toBe(true);
    expect(movesAsset({ accuracy: 100.5 }, false)).toBe(false);
    expect(movesAsset({ accuracy: null }, false)).toBe(true);
  });

  it('asks for 30 m at a station', () => {
    expect(movesAsset({ accuracy: 30 }, true)).toBe(true);
    expect(movesAsset({ accuracy: 31 }, true)).toBe(false);
  });

  it('never takes a fix the device marked invalid', () => {
    expect(movesAsset({ accuracy: 5, valid: false }, false)).toBe(false);
  });
});
