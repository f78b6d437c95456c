/** Remembers the last item id opened in each section, so its nav link returns to it (this visit only). */
import { SECTION_IDS, type SectionId } from '@flare/core/permissions/sections';

const remembered = new Map<SectionId, string>();
/** Path words that are sub-pages, not item ids. */
const NOT_IDS = new Set(['new', 'edit']);

const isSection = (value: string | undefined): value is SectionId =>
  value !== undefined && (SECTION_IDS as readonly string[]).includes(value);

/** Records /dashboard/{section}/{id}... as the section's target; the section's own page forgets it. */
export function rememberTarget(pathname: string): void {
  const [, , section, id] = pathname.split('/');
  if (!isSection(section)) return;
  if (id && !NOT_IDS.has(id)) remembered.set(section, id);
  else if (!id) remembered.delete(section);
}

export function sectionPath(section: SectionId): string {
  const id = remembered.get(section);
  return id ? `/dashboard/${section}/${id}` : `/dashboard/${section}`;
}

/** A new user starts without the previous user's targets. */
export function forgetTargets(): void {
  remembered.clear();
}
