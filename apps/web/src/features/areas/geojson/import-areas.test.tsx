import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AREA_MESSAGES, type AreaInput } from '@flare/core/schemas/area';
import { makeArea } from '@flare/core/testing/areas';
import { fakeApi } from '../../../testing/fake-api';
import { GEOJSON_FILE_MESSAGES } from '@flare/core/geojson/feature-import';
import { ImportDialog } from '../../../components/ui/import-dialog';
import { saveImported } from '../../../lib/feature-import';
import { AREA_SAVER, readAreasFile } from './import-areas';

afterEach(() => vi.unstubAllGlobals());

const input = (name: string) => ({ name }) as AreaInput;

describe('importing areas', () => {
  it('saves each accepted feature and reports the server refusals with its message, in file order', async () => {
    // The server takes the first and refuses the second.
    fakeApi({
      'POST /organization/exclusion_zone': (call) =>
        (call.body as AreaInput).name === 'Station 1'
          ? { status: 200, body: makeArea({ name: 'Station 1' }) }
          : { status: 403, body: { message: AREA_MESSAGES.notAllowed } },
    });
    const progress: Array<[number, number]> = [];
    const summary = await saveImported(
      {
        inputs: [
          { index: 0, input: input('Station 1') },
          { index: 2, input: input('No stop') },
        ],
        refused: [{ index: 1, name: 'Whole town', reason: AREA_MESSAGES.tooLarge }],
      },
      AREA_SAVER,
      (done, total) => progress.push([done, total]),
    );
    expect(progress).toEqual([
      [0, 2],
      [1, 2],
    ]);
    expect(summary).toEqual({
      imported: 1,
      refused: [
        { index: 1, name: 'Whole town', reason: AREA_MESSAGES.tooLarge },
        { index: 2, name: 'No stop', reason: AREA_MESSAGES.notAllowed },
      ],
    });
  });

  it('says when the file is not JSON', async () => {
    await expect(readAreasFile(new Blob(['{ nope']), [])).rejects.toThrow(GEOJSON_FILE_MESSAGES.notJson);
  });

  it('shows the progress, then the summary', () => {
    const inDialog = (ui: React.ReactElement) => render(<MantineProvider env="test">{ui}</MantineProvider>);
    const importing = inDialog(
      <ImportDialog
        title="Import areas"
        noun={{ one: 'area', many: 'areas' }}
        state={{ phase: 'importing', done: 2, total: 12 }}
        onClose={() => {}}
      />,
    );
    expect(screen.getByText('Importing 3 of 12...')).toBeTruthy();
    expect(screen.getByRole('progressbar', { name: 'Import progress' }).getAttribute('aria-valuenow')).toBe(
      String((2 / 12) * 100),
    );
    importing.unmount();
    inDialog(
      <ImportDialog
        title="Import areas"
        noun={{ one: 'area', many: 'areas' }}
        state={{
          phase: 'done',
          summary: {
            imported: 1,
            refused: [{ index: 1, name: 'Whole town', reason: AREA_MESSAGES.tooLarge }],
          },
        }}
        onClose={() => {}}
      />,
    );
    expect(screen.getByRole('status').textContent).toBe('Imported 1 area');
    expect(screen.getByRole('listitem').textContent).toBe(
      `Feature 2 (Whole town): ${AREA_MESSAGES.tooLarge}`,
    );
  });
});
