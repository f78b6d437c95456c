/** Remembers the last item id opened in each section, so its nav link returns to it. */
import type { SectionId } from '@flare/core/permissions/sections';

const remembered = new Map<SectionId, string>();
const NOT_IDS = new Set(['new', 'edit']);

/** Records /dashboard/{section}/{id}... as the section's target. */
export function rememberTarget(pathname: string, sections: readonly SectionId[]): void {
  const [, , section, id] = pathname.split('/');
  if (!section || !(sections as readonly string[]).includes(section)) return;
  if (id && !NOT_IDS.has(id)) remembered.set(section as SectionId, id);
  else if (!id) remembered.delete(section as SectionId);
}

export function sectionPath(section: SectionId): string {
  const id = remembered.get(section);
  return id ? `/dashboard/${section}/${id}` : `/dashboard/${section}`;
}
