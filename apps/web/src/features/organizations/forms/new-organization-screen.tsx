/**
 * "New organization" (platform administrators): the organisation and its first Org Admin, who is
 * e-mailed a link to choose their password.
 */
import { Text } from '@mantine/core';
import { useLocation, useNavigate } from 'react-router';
import { can } from '@flare/core/permissions/access';
import { DEFAULT_ORGANIZATION_TIMEZONE } from '@flare/core/schemas/organization';
import { FormScreen, ServerErrorLine } from '../../../components/ui/form-layout';
import { PanelLoading } from '../../../components/ui/loading-indicator';
import { useAssignable } from '../api/get-assignable';
import { useSaveOrganization } from '../api/save-organization';
import { organizationsPathOf } from '../organizations-path';
import { errorOf } from './organization-error';
import { OrganizationForm } from './organization-form';
import { Authorization } from '../../../components/ui/authorization';

export function NewOrganizationScreen() {
  return (
    <Authorization access="createOrganization">
      {(profile) => <NewOrganization withResponders={can(profile.permissions, 'setRespondersType')} />}
    </Authorization>
  );
}

function NewOrganization({ withResponders }: { withResponders: boolean }) {
  const navigate = useNavigate();
  const listPath = organizationsPathOf(useLocation().pathname);
  const toList = () => void navigate(listPath);
  const assignable = useAssignable();
  const { create } = useSaveOrganization();
  return (
    <FormScreen title="New organization">
      <Text size="sm">The first Org Admin receives an email with a link to choose their password.</Text>
      {assignable.error ? (
        <ServerErrorLine message={errorOf(assignable.error)} />
      ) : assignable.data ? (
        <OrganizationForm
          defaultValues={{
            name: '',
            organization_type_id: '',
            timezone: DEFAULT_ORGANIZATION_TIMEZONE,
            responders_type: 'none',
            address1: '',
            city: '',
            state: '',
            country_code: 'US',
            admin: { firstname: '', lastname: '', email: '' },
          }}
          types={assignable.data.organization_types}
          withAdmin
          withResponders={withResponders}
          saveLabel="Create and invite"
          onCancel={toList}
          onSubmit={async ({ admin, ...organization }) => {
            if (!admin) return null;
            try {
              await create.mutateAsync({ ...organization, admin });
              toList();
              return null;
            } catch (error) {
              return errorOf(error);
            }
          }}
        />
      ) : (
        <PanelLoading label="Loading organization types" />
      )}
    </FormScreen>
  );
}
