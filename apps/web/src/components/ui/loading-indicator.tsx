/** A spinner that screen readers announce by its label (a bare labelled span is not allowed an aria-label). */
import { Loader, type LoaderProps } from '@mantine/core';

export function LoadingIndicator({ label, ...props }: LoaderProps & { label: string }) {
  return <Loader role="status" aria-label={label} {...props} />;
}
