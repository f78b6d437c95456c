/** "Jump to your saved areas...": a search over the map (large screens) that centres the map on an area. */
import { Autocomplete } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useAreas } from '../api/get-areas';
import { centreOnArea } from '../locate-area';

export function AreaJumpSearch() {
  const areas = useAreas();
  const [value, setValue] = useState('');
  const options = useMemo(
    () => (areas.data ?? []).map((area) => ({ value: area.id, label: area.name })),
    [areas.data],
  );
  return (
    <Autocomplete
      aria-label="Jump to your saved areas"
      placeholder="Jump to your saved areas..."
      leftSection={<IconSearch size={16} />}
      data={options}
      value={value}
      onChange={setValue}
      onOptionSubmit={(id) => {
        const area = areas.data?.find((candidate) => candidate.id === id);
        if (area) centreOnArea(area);
        setValue('');
      }}
      limit={8}
      w={260}
    />
  );
}
