import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeExport } from '@flare/core/testing/exports';
import { fakeApi } from '../../../testing/fake-api';
import { getExports } from './get-exports';

afterEach(() => vi.unstubAllGlobals());

const completed = makeExport();

describe('getExports', () => {
  it('keeps the entries that read as exports and drops the others', async () => {
    fakeApi({
      'GET /organization/export': () => ({
        status: 200,
        body: [completed, { ...completed, id: 'e2', status: 'lost' }, { id: 'e3' }, 'nonsense'],
      }),
    });
    expect(await getExports()).toEqual([completed]);
  });
});
