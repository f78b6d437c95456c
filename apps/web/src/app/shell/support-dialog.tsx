/**
 * The Support dialog: who to ask, the frequently asked questions (each answer linking to its section
 * where the user may open it) and a way to refer a fleet. Opens once per visit unless "Don't show
 * again" was chosen.
 */
import { Accordion, Anchor, Button, Checkbox, Group, Modal, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { faqFor } from '@flare/core/faq';
import { REFER_A_FLEET_URL } from '../../config/links';
import { sectionPath } from '../../lib/nav-memory';
import { focusMainIfLost } from '../../components/ui/main-landmark';
import { usePref } from '../../lib/prefs';
import { useSession } from '../../lib/session';
import { useIsMobile } from '../../lib/use-is-mobile';

export const SUPPORT_SEEN_KEY = 'flare.support-seen';

export function useSupportDialog() {
  const [dismissed] = usePref('supportDialogDismissed');
  const [opened, setOpened] = useState(() => !dismissed && sessionStorage.getItem(SUPPORT_SEEN_KEY) === null);
  return {
    opened,
    open: () => setOpened(true),
    close: () => {
      sessionStorage.setItem(SUPPORT_SEEN_KEY, '1');
      setOpened(false);
    },
  };
}

export function SupportDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const [dismissed, setDismissed] = usePref('supportDialogDismissed');
  const [dontShow, setDontShow] = useState(dismissed);
  const permissions = useSession()?.profile?.permissions ?? [];
  const faq = faqFor(permissions, useIsMobile() ? 'mobile' : 'desktop');
  const close = () => {
    setDismissed(dontShow);
    onClose();
  };
  return (
    <Modal
      opened={opened}
      onClose={close}
      title="Support"
      centered
      closeButtonProps={{ 'aria-label': 'Close support' }}
      onExitTransitionEnd={focusMainIfLost}
    >
      <Stack gap="sm">
        <Text size="sm">
          Need help with Flare? Your organization&apos;s administrator can reset passwords, manage users and
          assets, and reach the team that runs this installation.
        </Text>
        <Text size="sm">
          Something not working as it should? Tell your administrator what you did, what you expected and what
          happened, with the time it happened.
        </Text>
        <Title order={2} size="h5">
          Frequently asked questions
        </Title>
        <Accordion variant="separated">
          {faq.map((entry) => (
            <Accordion.Item key={entry.id} value={entry.id}>
              <Accordion.Control>{entry.question}</Accordion.Control>
              <Accordion.Panel>
                <Stack gap={4}>
                  <Text size="sm">{entry.answer}</Text>
                  {entry.link && (
                    <Anchor component={Link} to={sectionPath(entry.link.section)} size="sm" onClick={close}>
                      {entry.link.label}
                    </Anchor>
                  )}
                </Stack>
              </Accordion.Panel>
            </Accordion.Item>
          ))}
        </Accordion>
        <Text size="sm">
          Know a fleet that should be on Flare?{' '}
          <Anchor href={REFER_A_FLEET_URL} target="_blank" rel="noopener noreferrer" underline="always">
            Refer a Fleet
          </Anchor>
        </Text>
        <Checkbox
          label="Don't show again"
          checked={dontShow}
          onChange={(event) => setDontShow(event.currentTarget.checked)}
        />
        <Group justify="flex-end">
          <Button onClick={close}>Close</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
