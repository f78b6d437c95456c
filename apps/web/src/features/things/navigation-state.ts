/**
 * What the Live section's screens hand each other in the router's location state: the asset whose
 * row the list takes focus on when the detail goes back to it, and the notice an edit form leaves for
 * the detail it returns to after a save. A state of any other shape counts as none.
 */
interface ThingsNavigationState {
  focusThing?: string;
  savedNotice?: string;
}

function field(state: unknown, name: keyof ThingsNavigationState): string | null {
  if (typeof state !== 'object' || state === null) return null;
  const value = (state as Record<string, unknown>)[name];
  return typeof value === 'string' ? value : null;
}

/** Back from an asset's detail to the list, which focuses the asset's row. */
export function backToListState(thingId: string): ThingsNavigationState {
  return { focusThing: thingId };
}

/** The asset whose row the list focuses, when it was reached back from that asset's detail. */
export function returningThingId(state: unknown): string | null {
  return field(state, 'focusThing');
}

/** Up from an edit form to the detail, after a save: the detail confirms it. */
export function savedNoticeState(notice: string): ThingsNavigationState {
  return { savedNotice: notice };
}

export function savedNoticeOf(state: unknown): string | null {
  return field(state, 'savedNotice');
}
