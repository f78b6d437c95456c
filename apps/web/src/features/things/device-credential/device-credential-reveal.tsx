/**
 * A newly issued device credential, shown this once: the QR code Traccar Client scans (it sets the
 * server URL and the device identifier), and both values to copy for devices set up by hand.
 */
import { Alert, Center, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { QRCodeSVG } from 'qrcode.react';
import type { IssuedDeviceCredential } from '@flare/core/things/device-credential';
import { CopyValueButton } from '../../../components/ui/copy-value-button';

function CopyableValue({ label, value }: { label: string; value: string }) {
  return (
    <Group align="flex-end" gap="xs" wrap="nowrap">
      <TextInput label={label} value={value} readOnly style={{ flex: 1 }} />
      <CopyValueButton value={value} label={`Copy the ${label}`} />
    </Group>
  );
}

export function DeviceCredentialReveal({
  issued,
  onClose,
}: {
  issued: IssuedDeviceCredential | null;
  onClose: () => void;
}) {
  return (
    <Modal
      opened={issued !== null}
      onClose={onClose}
      title="Device credential"
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      {issued && (
        <Stack gap="sm">
          <Alert color="yellow.9" title="Set up the device now">
            The credential is shown only this once. A new credential ends this one.
          </Alert>
          <Text size="sm">
            In Traccar Client, scan this code: it sets the server URL and the device identifier. Other devices
            report to the server URL with the credential as their device id.
          </Text>
          <Center>
            <QRCodeSVG
              value={issued.setup_url}
              size={220}
              marginSize={4}
              title="QR code for Traccar Client"
              data-testid="device-credential-qr"
            />
          </Center>
          <CopyableValue label="Server URL" value={issued.server_url} />
          <CopyableValue label="Device identifier" value={issued.device_credential} />
        </Stack>
      )}
    </Modal>
  );
}
