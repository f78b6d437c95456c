/**
 * Profile & Preferences: the signed-in user's details (name, e-mail, role, organisation, phone,
 * address), the form to change their own names, phone and address, and the preferences stored in
 * this browser.
 */
import { Stack, Table, Title } from '@mantine/core';
import { can } from '@flare/core/permissions/access';
import type { Profile } from '@flare/core/schemas/profile';
import { FormScreen } from '../../../components/ui/form-layout';
import { useRoles } from '../api/get-roles';
import { PreferencesPanel } from './preferences-panel';
import { ProfileForm } from './profile-form';
import { Authorization } from '../../../components/ui/authorization';

/** The address on one line, or null when there is none. */
export function addressLine(profile: Profile): string | null {
  const region = [profile.state, profile.postalCode].filter(Boolean).join(' ');
  const parts = [profile.address1, profile.address2, profile.city, region, profile.countryCode];
  return parts.filter(Boolean).join(', ') || null;
}

export function ProfileScreen() {
  return <Authorization>{(profile) => <ProfileDetails profile={profile} />}</Authorization>;
}

function ProfileDetails({ profile }: { profile: Profile }) {
  return (
    <FormScreen title="Profile & Preferences">
      <ProfileSummary profile={profile} />
      <Stack gap="sm" component="section" aria-labelledby="profile-edit-title">
        <Title order={2} size="h5" id="profile-edit-title">
          Your details
        </Title>
        <ProfileForm
          // A reloaded profile (after saving, or another tab's change) starts the form afresh.
          key={JSON.stringify([
            profile.id,
            profile.firstName,
            profile.lastName,
            profile.phone,
            addressLine(profile),
          ])}
          profile={profile}
          readOnly={!can(profile.permissions, 'updateOwnUser')}
        />
      </Stack>
      <PreferencesPanel />
    </FormScreen>
  );
}

function ProfileSummary({ profile }: { profile: Profile }) {
  // The roles list needs an accounts permission; without it the role's label is not known.
  const role = useRoles().data?.find((r) => r.id === profile.roleId)?.label ?? '—';
  const rows: Array<[string, string]> = [
    ['Name', profile.fullName],
    ['Email', profile.email],
    ['Role', role],
    ['Organization', profile.userOrg.name],
    ['Phone', profile.phone ?? '—'],
    ['Address', addressLine(profile) ?? '—'],
  ];
  return (
    <Table variant="vertical" withTableBorder layout="fixed" aria-label="Your profile">
      <Table.Tbody>
        {rows.map(([label, value]) => (
          <Table.Tr key={label}>
            <Table.Th w={120}>{label}</Table.Th>
            <Table.Td style={{ overflowWrap: 'anywhere' }}>{value}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
