/**
 * Data Exports: the tabs Completed, In-Progress and Error (in the URL), the organisation's exports of
 * the tab following their progress, the failed-exports message, and "New Export" for those who may
 * ask for one.
 */
import { Alert, Button, Group, Stack, Tabs, Text, Title } from '@mantine/core';
import { Link, useSearchParams } from 'react-router';
import { can } from '@flare/core/permissions/access';
import { EXPORT_MESSAGES, EXPORT_TABS, exportTabOf, type ExportTab } from '@flare/core/schemas/export';
import { useSession } from '../../../lib/session';
import { useSubscribedOrganization } from '../../../lib/subscribed-organization';
import { useExports } from '../api/get-exports';
import { ExportCard } from './export-card';
import { LoadingIndicator } from '../../../components/ui/loading-indicator';

const TAB_IDS = Object.keys(EXPORT_TABS) as ExportTab[];
const isTab = (value: string | null): value is ExportTab => TAB_IDS.includes(value as ExportTab);

export function ExportsScreen() {
  const [params, setParams] = useSearchParams();
  const tabParam = params.get('tab');
  const tab: ExportTab = isTab(tabParam) ? tabParam : 'completed';
  const exports = useExports();
  const permissions = useSession()?.profile?.permissions ?? [];
  const respondersType = useSubscribedOrganization()?.responders_type ?? 'none';
  const shown = exports.data?.filter((e) => exportTabOf(e.status) === tab) ?? [];
  const failed = exports.data?.some((e) => e.status === 'errored') ?? false;

  return (
    <Stack p="md" gap="sm" style={{ minHeight: 0, overflowY: 'auto' }}>
      <Group justify="space-between">
        <Title order={1} size="h3">
          Data Exports
        </Title>
        {can(permissions, 'createExport') && (
          <Button component={Link} to="new" size="xs">
            New Export
          </Button>
        )}
      </Group>
      <Tabs value={tab} onChange={(next) => isTab(next) && setParams({ tab: next }, { replace: true })}>
        <Tabs.List grow>
          {TAB_IDS.map((id) => (
            <Tabs.Tab key={id} value={id}>
              {EXPORT_TABS[id].label}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>
      {tab === 'error' && failed && (
        <Alert color="red" role="alert" title={EXPORT_MESSAGES.failed}>
          {EXPORT_MESSAGES.failedPrompt}
        </Alert>
      )}
      {exports.isPending && <LoadingIndicator size="sm" label="Loading exports" />}
      {exports.error && (
        <Alert color="red" role="alert">
          {exports.error.message}
        </Alert>
      )}
      {exports.data && shown.length === 0 && (
        <Text size="sm" c="gray.7">
          No {EXPORT_TABS[tab].label} exports.
        </Text>
      )}
      <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Exports">
        {shown.map((exported) => (
          <ExportCard key={exported.id} exported={exported} respondersType={respondersType} />
        ))}
      </Stack>
    </Stack>
  );
}
