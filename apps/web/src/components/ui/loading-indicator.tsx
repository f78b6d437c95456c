/** A spinner that screen readers announce by its label (a bare labelled span is not allowed an aria-label). */
import { Center, Loader, type LoaderProps } from '@mantine/core';

export function LoadingIndicator({ label, ...props }: LoaderProps & { label: string }) {
  return <Loader role="status" aria-label={label} {...props} />;
}

/** The spinner in place of a panel's content while it loads. */
export function PanelLoading({ label }: { label: string }) {
  return (
    <Center p="lg">
      <LoadingIndicator label={label} />
    </Center>
  );
}
