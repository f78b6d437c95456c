import { Alert } from '@mantine/core';
import { LAYOUT } from '@flare/core/constants';
import { MESSAGES } from '@flare/core/messages';
import { useOnline } from '../../lib/connection';

/** Shown while the browser is offline or the server cannot be reached. */
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
      {MESSAGES.offlineBanner}
    </Alert>
  );
}
