/** Import (a GeoJSON file; for those who may add areas) and Export GeoJSON (the areas listed). */
import { Button, FileButton, Group, Text } from '@mantine/core';
import { IconDownload, IconUpload } from '@tabler/icons-react';
import { useRef } from 'react';
import type { Area } from '@flare/core/schemas/area';
import { downloadAreasGeoJson } from './export-areas';

const GEOJSON_ACCEPT = '.geojson,.json,application/geo+json,application/json';

export function AreasGeoJsonActions({
  areas,
  organisationName,
  onImport,
}: {
  areas: readonly Area[];
  organisationName: string;
  /** Absent for those who may not add areas: no Import. */
  onImport: ((file: File) => void) | null;
}) {
  // Cleared after each choice, so the same file can be chosen again.
  const resetFile = useRef<() => void>(null);
  return (
    <Group gap="xs" justify="flex-end" wrap="nowrap">
      {onImport && (
        <Text size="xs" c="gray.7" style={{ flex: 1 }}>
          Or drop a GeoJSON file on the list.
        </Text>
      )}
      {onImport && (
        <FileButton
          resetRef={resetFile}
          accept={GEOJSON_ACCEPT}
          onChange={(file) => {
            if (file) onImport(file);
            resetFile.current?.();
          }}
        >
          {(props) => (
            <Button {...props} variant="default" size="xs" leftSection={<IconUpload size={14} aria-hidden />}>
              Import
            </Button>
          )}
        </FileButton>
      )}
      <Button
        variant="default"
        size="xs"
        leftSection={<IconDownload size={14} aria-hidden />}
        disabled={areas.length === 0}
        onClick={() => downloadAreasGeoJson(areas, organisationName)}
      >
        Export GeoJSON
      </Button>
    </Group>
  );
}
