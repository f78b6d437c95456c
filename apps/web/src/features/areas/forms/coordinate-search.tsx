/** The coordinate search box: "lat, lng"; Enter or Go moves the map (and a point of interest) there. */
import { Button, Group, TextInput } from '@mantine/core';
import { useState } from 'react';
import {
  COORDINATE_SEARCH,
  coordinateSearchError,
  parseCoordinates,
} from '@flare/core/areas/coordinate-search';

export function CoordinateSearch({ onFound }: { onFound: (position: { lat: number; lng: number }) => void }) {
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const go = () => {
    const problem = coordinateSearchError(text);
    setError(problem);
    const position = parseCoordinates(text);
    if (position) onFound(position);
  };
  return (
    <Group gap="xs" align="flex-start" wrap="nowrap">
      <TextInput
        label={COORDINATE_SEARCH.label}
        placeholder={COORDINATE_SEARCH.placeholder}
        value={text}
        onChange={(event) => setText(event.currentTarget.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter') {
            event.preventDefault();
            go();
          }
        }}
        error={error}
        style={{ flex: 1 }}
      />
      <Button variant="default" mt={25} onClick={go}>
        Go
      </Button>
    </Group>
  );
}
