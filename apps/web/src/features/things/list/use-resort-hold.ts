/**
 * The assets list holds its order while the user works in it (the pointer over it, or the keyboard
 * focus in it), so the row they are about to click does not move away under the pointer; the new
 * order applies once they stop, RESORT_HOLD_MS after the pointer left and the focus went.
 */
import { useEffect, useMemo, useState } from 'react';
import type { Thing } from '@flare/core/schemas/thing';

export const RESORT_HOLD_MS = 1_500;

/**
 * The rows in the held order: those still shown keep their places (with their current data); rows
 * shown since come after them, in their own order.
 */
export function holdOrder<T extends { id: string }>(heldIds: readonly string[], rows: readonly T[]): T[] {
  const byId = new Map(rows.map((row) => [row.id, row]));
  const held = heldIds.flatMap((id) => {
    const row = byId.get(id);
    return row ? [row] : [];
  });
  const heldSet = new Set(heldIds);
  return [...held, ...rows.filter((row) => !heldSet.has(row.id))];
}

interface InteractionHandlers {
  onPointerEnter: () => void;
  onPointerLeave: () => void;
  onFocus: () => void;
  onBlur: (event: React.FocusEvent) => void;
}

/**
 * The rows to show, in `rows`' order unless the user is working in the list; and the handlers that
 * tell, for the element around the list. Only live changes are held back: rows the user asked for
 * (other `filters`) show in their order at once.
 */
export function useResortHold(
  rows: Thing[],
  filters: unknown,
): { shown: Thing[]; handlers: InteractionHandlers } {
  const [pointerIn, setPointerIn] = useState(false);
  const [focusIn, setFocusIn] = useState(false);
  const interacting = pointerIn || focusIn;
  /** The order held since the user started working in the list, or null when none is held. */
  const [held, setHeld] = useState<{ ids: string[]; filters: unknown } | null>(null);
  if (held && held.filters !== filters) setHeld({ ids: rows.map((row) => row.id), filters });

  const start = () => {
    if (!held) setHeld({ ids: rows.map((row) => row.id), filters });
  };

  useEffect(() => {
    if (interacting || !held) return;
    const release = setTimeout(() => setHeld(null), RESORT_HOLD_MS);
    return () => clearTimeout(release);
  }, [interacting, held]);

  const shown = useMemo(() => (held ? holdOrder(held.ids, rows) : rows), [held, rows]);
  return {
    shown,
    handlers: {
      onPointerEnter: () => {
        setPointerIn(true);
        start();
      },
      onPointerLeave: () => setPointerIn(false),
      onFocus: () => {
        setFocusIn(true);
        start();
      },
      onBlur: (event) => {
        // Focus moving between rows stays in the list.
        if (!event.currentTarget.contains(event.relatedTarget)) setFocusIn(false);
      },
    },
  };
}
