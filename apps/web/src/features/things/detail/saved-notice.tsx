/**
 * The confirmation an edit form leaves when it returns to the asset after a save ("Profile saved"):
 * shown under the asset's name for a few seconds, or until closed. Closed, it is gone from the
 * history entry too, so Back or a reload does not show it again.
 */
import { Alert } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { useCallback, useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { savedNoticeOf } from '../navigation-state';

/** Long enough to read twice. */
export const SAVED_NOTICE_MS = 8_000;

export function SavedNotice() {
  const location = useLocation();
  const { pathname, search } = location;
  const navigate = useNavigate();
  const notice = savedNoticeOf(location.state as unknown);
  const dismiss = useCallback(
    () => void navigate({ pathname, search }, { replace: true, state: null }),
    [navigate, pathname, search],
  );
  useEffect(() => {
    if (!notice) return;
    const timer = setTimeout(dismiss, SAVED_NOTICE_MS);
    return () => clearTimeout(timer);
  }, [notice, dismiss]);
  return (
    <div role="status">
      {notice && (
        <Alert
          color="green"
          py="xs"
          icon={<IconCheck size={18} aria-hidden />}
          withCloseButton
          closeButtonLabel="Dismiss"
          onClose={dismiss}
        >
          {notice}
        </Alert>
      )}
    </div>
  );
}
