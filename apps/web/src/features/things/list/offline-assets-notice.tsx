/** The dismissible notice about offline assets; the wording is ours, the spec's is not shown. */
import { Alert, Anchor } from '@mantine/core';
import { countOf } from '@flare/core/text';
import { SUPPORT_EMAIL } from '../../../config/links';
import { usePref } from '../../../lib/prefs';

export function OfflineAssetsNotice({ offline }: { offline: number }) {
  const [dismissed, setDismissed] = usePref('offlineNoticeDismissed');
  if (dismissed || offline === 0) return null;
  return (
    <Alert
      color="yellow"
      title={countOf(offline, 'offline asset')}
      withCloseButton
      closeButtonLabel="Dismiss offline assets notice"
      onClose={() => setDismissed(true)}
      styles={{
        title: { color: 'var(--mantine-color-dark-9)' },
        message: { color: 'var(--mantine-color-dark-9)' },
      }}
    >
      Offline assets have not checked in for 4 days. If one should be reporting, check its power and
      connection, or contact <Anchor href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</Anchor>.
    </Alert>
  );
}
