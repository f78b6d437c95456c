/**
 * The keys of the assets list: it is one tab stop, a grid whose rows the arrows move through. Up and
 * Down go one row, Page Up and Page Down a screenful, Home and End to the first and last row; Left
 * and Right go between the row's controls (open the asset, find it on the map). Enter and Space
 * press the focused control.
 */

/** The controls of a row the keys move between, left to right. */
export const ROW_CELLS = ['open', 'find'] as const;
export type RowCell = (typeof ROW_CELLS)[number];

/**
 * The row a key moves to from row `index` of `count`, with `page` rows in view; null for a key that
 * moves no row.
 */
export function rowForKey(key: string, index: number, count: number, page: number): number | null {
  const last = count - 1;
  switch (key) {
    case 'ArrowDown':
      return Math.min(index + 1, last);
    case 'ArrowUp':
      return Math.max(index - 1, 0);
    case 'PageDown':
      return Math.min(index + Math.max(page, 1), last);
    case 'PageUp':
      return Math.max(index - Math.max(page, 1), 0);
    case 'Home':
      return 0;
    case 'End':
      return last;
    default:
      return null;
  }
}

/** The control Left or Right moves to within the row; null for any other key. */
export function cellForKey(key: string, cell: RowCell): RowCell | null {
  const at = ROW_CELLS.indexOf(cell);
  if (key === 'ArrowRight') return ROW_CELLS[Math.min(at + 1, ROW_CELLS.length - 1)]!;
  if (key === 'ArrowLeft') return ROW_CELLS[Math.max(at - 1, 0)]!;
  return null;
}
