/** Between the ISO times of the API and the `datetime-local` inputs (the browser's time zone, to the minute). */
import dayjs from 'dayjs';

export const toLocalInput = (iso: string | null | undefined) =>
  iso ? dayjs(iso).format('YYYY-MM-DDTHH:mm') : '';

export const fromLocalInput = (value: string) => (value ? dayjs(value).toISOString() : null);
