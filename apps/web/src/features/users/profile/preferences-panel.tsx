/**
 * The preferences stored in this browser: whether the instruction dialogs of the map editors and the
 * Support dialog show (their "Don't show again"), the assets' group and density views, the sound of
 * status-change notices, and situational awareness mode where the organisation allows it.
 */
import { Button, Group, Stack, Switch, Title } from '@mantine/core';
import { HelpTip } from '../../../components/ui/help-tip';
import { beep } from '../../../lib/beep';
import { resetPrefs, usePref, type Prefs } from '../../../lib/prefs';
import { useSession } from '../../../lib/session';

type SwitchPref = { [K in keyof Prefs]: Prefs[K] extends boolean ? K : never }[keyof Prefs];

/** Each switch, and whether it reads the preference as stored or inverted ("Show ..." of a "dismissed"). */
const SWITCHES: ReadonlyArray<{ key: SwitchPref; label: string; inverted: boolean }> = [
  { key: 'locationInstructionsDismissed', label: 'Show the Edit Location instructions', inverted: true },
  { key: 'areaInstructionsDismissed', label: 'Show the area drawing instructions', inverted: true },
  { key: 'zoneInstructionsDismissed', label: 'Show the zone drawing instructions', inverted: true },
  { key: 'closureInstructionsDismissed', label: 'Show the closure drawing instructions', inverted: true },
  {
    key: 'supportDialogDismissed',
    label: 'Show the Support dialog when the dashboard opens',
    inverted: true,
  },
  { key: 'stationView', label: 'Group View (assets of a station shown together)', inverted: false },
  { key: 'densityView', label: 'Density View', inverted: false },
];

function PrefSwitch({ prefKey, label, inverted }: { prefKey: SwitchPref; label: string; inverted: boolean }) {
  const [value, setValue] = usePref(prefKey);
  return (
    <Switch
      label={label}
      checked={value !== inverted}
      onChange={(event) => setValue(event.currentTarget.checked !== inverted)}
    />
  );
}

/** Off by default; turning it on plays the beep, so the user hears what it will sound like. */
function StatusSoundSwitch() {
  const [on, setOn] = usePref('statusSound');
  return (
    <Switch
      label="Beep with status-change notices (Responding, On-Scene, Offline, Out-of-Service)"
      checked={on}
      onChange={(event) => {
        const checked = event.currentTarget.checked;
        setOn(checked);
        if (checked) beep();
      }}
    />
  );
}

/** Offered where the user's organisation allows it (its show_infinite_timeout_option). */
function AwarenessModeSwitch() {
  const allowed = useSession()?.profile?.hasAwarenessModeAccess ?? false;
  if (!allowed) return null;
  return (
    <Group gap={4} wrap="nowrap">
      <PrefSwitch
        prefKey="awarenessMode"
        label="Situational awareness mode (stay signed in)"
        inverted={false}
      />
      <HelpTip topic="account" />
    </Group>
  );
}

export function PreferencesPanel() {
  return (
    <Stack gap="sm" component="section" aria-labelledby="preferences-title">
      <Title order={2} size="h5" id="preferences-title">
        Preferences
      </Title>
      {SWITCHES.map(({ key, label, inverted }) => (
        <PrefSwitch key={key} prefKey={key} label={label} inverted={inverted} />
      ))}
      <StatusSoundSwitch />
      <AwarenessModeSwitch />
      <Group>
        <Button
          variant="default"
          size="xs"
          onClick={() => resetPrefs([...SWITCHES.map((s) => s.key), 'statusSound', 'awarenessMode'])}
        >
          Reset preferences
        </Button>
      </Group>
    </Stack>
  );
}
