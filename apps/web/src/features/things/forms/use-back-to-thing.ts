/**
 * Where the asset forms go when done: up to the asset (things/{id}) from its edit screens, back to
 * the list from the new-asset screen, keeping the query (the list's filters and search).
 */
import { useCallback, useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { NAVIGATE_AFTER_SAVE_MS } from '@flare/core/constants';

/** things/{id}/edit, .../edit/profile and .../edit/associations all lead to things/{id}. */
export function thingPathOf(editPath: string): string {
  return editPath.replace(/\/edit(\/(profile|associations))?\/?$/, '');
}

/** things/new leads to things, and to things/{id} once created. */
export function thingsPathOf(newPath: string): string {
  return newPath.replace(/\/new\/?$/, '');
}

export function useBackToThing(): () => void {
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  return useCallback(
    () => void navigate({ pathname: thingPathOf(pathname), search }),
    [navigate, pathname, search],
  );
}

/**
 * After a successful save the screen goes back after 150 ms. Returns
 * whether the save happened, and the function that marks it.
 */
export function useNavigateAfterSave(back: () => void): { saved: boolean; markSaved: () => void } {
  const [saved, setSaved] = useState(false);
  useEffect(() => {
    if (!saved) return;
    const timer = setTimeout(back, NAVIGATE_AFTER_SAVE_MS);
    return () => clearTimeout(timer);
  }, [saved, back]);
  return { saved, markSaved: useCallback(() => setSaved(true), []) };
}
