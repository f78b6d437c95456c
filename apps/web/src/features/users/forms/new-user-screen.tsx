/** "New User": creates a user of the organisation, who is e-mailed a link to choose a password. */
import { Text } from '@mantine/core';
import { useLocation, useNavigate } from 'react-router';
import type { Profile } from '@flare/core/schemas/profile';
import { createUserErrorMessage } from '@flare/core/users/user-rules';
import { FormScreen } from '../../../components/ui/form-layout';
import { PanelLoading } from '../../../components/ui/loading-indicator';
import { ApiError } from '../../../lib/api-client';
import { useCreateUser } from '../api/create-user';
import { usersPathOf } from '../users-path';
import { useAccountRoles } from './use-account-roles';
import { UserFormFields } from './user-form';
import { Authorization } from '../../../components/ui/authorization';

export function NewUserScreen() {
  return <Authorization access="createUser">{(profile) => <NewUser profile={profile} />}</Authorization>;
}

function NewUser({ profile }: { profile: Profile }) {
  const navigate = useNavigate();
  const usersPath = usersPathOf(useLocation().pathname);
  const roles = useAccountRoles(profile);
  const create = useCreateUser();
  const toList = () => void navigate(usersPath);
  return (
    <FormScreen title="New User" subtitle={profile.userOrg.name}>
      <Text size="sm">The new user receives an email with a link to choose their password.</Text>
      {roles.loaded ? (
        <UserFormFields
          defaultValues={{}}
          roles={roles.assignable}
          saveLabel="Create and invite"
          savingLabel="Creating..."
          onCancel={toList}
          onSubmit={async (values) => {
            try {
              await create.mutateAsync({
                firstname: values.firstName,
                lastname: values.lastName,
                email: values.email,
                role_id: values.roleId,
              });
              toList();
              return null;
            } catch (error) {
              return error instanceof ApiError
                ? createUserErrorMessage(error.status, error.message)
                : createUserErrorMessage(500, null);
            }
          }}
        />
      ) : (
        <PanelLoading label="Loading roles" />
      )}
    </FormScreen>
  );
}
