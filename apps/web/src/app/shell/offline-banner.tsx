import { Alert } from '@mantine/core';
import { LAYOUT } from '@flare/core/constants';
import { MESSAGES } from '@flare/core/messages';
import { DataAsOf } from '../../components/ui/data-as-of';
import { useOnline } from '../../lib/connection';

/**
 * Shown while the browser is offline or the server cannot be reached: the spec's words, then since
 * when the data on screen is.
 */
export function OfflineBanner({ mobile }: { mobile: boolean }) {
  const online = useOnline();
  if (online) return null;
  return (
    <Alert
      role="alert"
      color="yellow"
      radius={0}
      mih={mobile ? LAYOUT.bannerHeightMobile : LAYOUT.bannerHeight}
      py={6}
      styles={{ message: { color: 'var(--mantine-color-dark-9)' } }}
    >
      <span>{MESSAGES.offlineBanner}</span> <DataAsOf lead="Data shown as of" size="sm" />
    </Alert>
  );
}
