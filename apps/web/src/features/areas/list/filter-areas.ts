/** The areas list's filters: the Area Types chosen (none: all) and a search over the visible text. */
import type { Area } from '@flare/core/schemas/area';

export interface AreaFilters {
  typeIds: readonly string[];
  search: string;
}

export function filterAreas(areas: readonly Area[], { typeIds, search }: AreaFilters): Area[] {
  const needle = search.trim().toLowerCase();
  return areas.filter(
    (area) =>
      (typeIds.length === 0 || typeIds.includes(area.ez_type.id)) &&
      (needle === '' ||
        [area.name, area.desc, area.ez_type.display_name, area.address1, area.city, area.organization_name]
          .filter((text): text is string => !!text)
          .some((text) => text.toLowerCase().includes(needle))),
  );
}

/** One line of where the area is: street and city, else its coordinates. */
export function areaPlace(area: Pick<Area, 'address1' | 'city' | 'state' | 'lat' | 'lng'>): string {
  const parts = [area.address1, area.city, area.state].filter((part) => !!part);
  return parts.length > 0 ? parts.join(', ') : `${area.lat.toFixed(5)}, ${area.lng.toFixed(5)}`;
}
