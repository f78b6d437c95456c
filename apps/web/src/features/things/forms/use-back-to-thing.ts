/**
 * Where the asset forms go when done: up to the asset (things/{id}) from its edit screens, back to
 * the list from the new-asset screen, keeping the query (the list's filters and search).
 */
import { useCallback, useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { NAVIGATE_AFTER_SAVE_MS } from '@flare/core/constants';
import { savedNoticeState } from '../navigation-state';

/** things/{id}/edit, .../edit/profile and .../edit/associations all lead to things/{id}. */
export function thingPathOf(editPath: string): string {
  return editPath.replace(/\/edit(\/(profile|associations))?\/?$/, '');
}

/** things/new leads to things, and to things/{id} once created. */
export function thingsPathOf(newPath: string): string {
  return newPath.replace(/\/new\/?$/, '');
}

/** Up to the asset, leaving it a notice to show when one is given. */
function useGoToThing(): (notice?: string) => void {
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  return useCallback(
    (notice?: string) =>
      void navigate(
        { pathname: thingPathOf(pathname), search },
        notice ? { state: savedNoticeState(notice) } : undefined,
      ),
    [navigate, pathname, search],
  );
}

export function useBackToThing(): () => void {
  const goToThing = useGoToThing();
  return useCallback(() => goToThing(), [goToThing]);
}

/**
 * After a successful save the screen goes back after 150 ms, and the asset's detail confirms the
 * save with `notice`. Returns whether the save happened, and the function that marks it.
 */
export function useNavigateAfterSave(notice: string): { saved: boolean; markSaved: () => void } {
  const goToThing = useGoToThing();
  const [saved, setSaved] = useState(false);
  useEffect(() => {
    if (!saved) return;
    const timer = setTimeout(() => goToThing(notice), NAVIGATE_AFTER_SAVE_MS);
    return () => clearTimeout(timer);
  }, [saved, goToThing, notice]);
  return { saved, markSaved: useCallback(() => setSaved(true), []) };
}
