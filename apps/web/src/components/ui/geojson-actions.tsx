/** Import (a GeoJSON file; for those who may add) and Export GeoJSON (what is listed), over a list. */
import { Button, FileButton, Group, Text } from '@mantine/core';
import { IconDownload, IconUpload } from '@tabler/icons-react';
import { useRef } from 'react';

const GEOJSON_ACCEPT = '.geojson,.json,application/geo+json,application/json';

export function GeoJsonActions({
  onExport,
  onImport,
}: {
  /** Absent when there is nothing to export. */
  onExport: (() => void) | null;
  /** Absent for those who may not add: no Import. */
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
        disabled={!onExport}
        onClick={() => onExport?.()}
      >
        Export GeoJSON
      </Button>
    </Group>
  );
}
