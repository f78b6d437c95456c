/**
 * Session endings the user should see: the "Session Expired" alert before the sign-out, and the
 * inactivity prompt after 4 hours without activity, which signs out unless "Stay Signed In" is
 * pressed within 10 seconds. Activity counts in any tab of this browser. In situational awareness
 * mode (a preference, where the organisation allows it) there is no inactivity prompt.
 */
import { Button, Modal, Stack, Text } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { INACTIVITY_PROMPT_MS, INACTIVITY_TIMEOUT_MS } from '@flare/core/constants';
import { MESSAGES } from '@flare/core/messages';
import { lastActivity, recordActivity, recordActivityNow } from '../../lib/activity';
import { usePref } from '../../lib/prefs';
import { expireSession, useExpiringSession, useSession } from '../../lib/session';

const ACTIVITY_EVENTS = ['mousemove', 'mousedown', 'keydown', 'touchstart', 'wheel', 'scroll'] as const;
const CHECK_EVERY_MS = 1000;

export function SessionAlerts() {
  const expiring = useExpiringSession();
  const [awarenessMode] = usePref('awarenessMode');
  const awarenessAllowed = useSession()?.profile?.hasAwarenessModeAccess ?? false;
  const watchInactivity = !(awarenessMode && awarenessAllowed);
  // The prompt's state as the timers see it: activity while it shows does not count.
  const promptingRef = useRef(false);
  const [prompting, setPrompting] = useState(false);

  useEffect(() => {
    if (!watchInactivity) return;
    recordActivityNow();
    const active = () => {
      if (!promptingRef.current) recordActivity();
    };
    for (const event of ACTIVITY_EVENTS) window.addEventListener(event, active, { passive: true });
    const timer = setInterval(() => {
      if (!promptingRef.current && Date.now() - lastActivity() >= INACTIVITY_TIMEOUT_MS) {
        promptingRef.current = true;
        setPrompting(true);
      }
    }, CHECK_EVERY_MS);
    return () => {
      for (const event of ACTIVITY_EVENTS) window.removeEventListener(event, active);
      clearInterval(timer);
    };
  }, [watchInactivity]);

  useEffect(() => {
    if (!prompting) return;
    const timer = setTimeout(() => {
      setPrompting(false);
      expireSession(MESSAGES.sessionExpiredActivity);
    }, INACTIVITY_PROMPT_MS);
    return () => clearTimeout(timer);
  }, [prompting]);

  const staySignedIn = () => {
    recordActivityNow();
    promptingRef.current = false;
    setPrompting(false);
  };

  return (
    <>
      <Modal
        opened={prompting && !expiring}
        onClose={staySignedIn}
        title={MESSAGES.inactivityPrompt}
        centered
        closeButtonProps={{ 'aria-label': 'Dismiss' }}
      >
        <Stack>
          <Text size="sm">You will be signed out in a few seconds.</Text>
          <Button onClick={staySignedIn}>{MESSAGES.staySignedIn}</Button>
        </Stack>
      </Modal>
      <Modal opened={expiring !== null} onClose={() => {}} withCloseButton={false} title={expiring} centered>
        <Text size="sm">You are being signed out.</Text>
      </Modal>
    </>
  );
}
