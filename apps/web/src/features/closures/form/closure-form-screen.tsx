/**
 * Add a closure (closures/new) or edit one (closures/{id}/edit): manual or automated (with its asset),
 * the description and alert message, direction and lanes, active now (until an end) or scheduled (a
 * start and an end), the work-zone publishing fields, and the route drawn on the map point by point,
 * with the driving route through its points when the directions service finds one (else the straight
 * segments are saved). Core's rules check the payload before it is sent; the server checks them again.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import {
  Button,
  Center,
  Group,
  List,
  MultiSelect,
  SegmentedControl,
  Select,
  Stack,
  Switch,
  TagsInput,
  Text,
  TextInput,
} from '@mantine/core';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate, useParams } from 'react-router';
import { z } from 'zod';
import {
  assetHasActiveClosure,
  closureProblems,
  WZDX_PUBLISHING_NEEDS,
} from '@flare/core/closures/closure-rules';
import { mayAddClosure, mayEditClosure } from '@flare/core/permissions/closure-access';
import {
  CLOSURE_ALERT_MESSAGE_MAX,
  CLOSURE_DESCRIPTION_MAX,
  CLOSURE_MESSAGES,
  ClosureInputSchema,
  DEFAULT_CLOSURE_LENGTH_MS,
  closureSaveErrorMessage,
  DIRECTIONS,
  LOCATION_METHODS,
  ROAD_NAME_MAX,
  ROAD_NAMES_MAX,
  VEHICLE_IMPACTS,
  WZDX_ID_MAX,
  type Closure,
  type ClosureInput,
} from '@flare/core/schemas/closure';
import type { Profile } from '@flare/core/schemas/profile';
import { CountedTextInput } from '../../../components/ui/counted-text-input';
import { FormActions, FormScreen, ServerErrorLine } from '../../../components/ui/form-layout';
import { InstructionsDialog } from '../../../components/ui/instructions-dialog';
import { LoadingIndicator } from '../../../components/ui/loading-indicator';
import { ApiError } from '../../../lib/api-client';
import { callerOf } from '../../../lib/caller';
import { subscribedOrganizationOf } from '../../../lib/subscribed-organization';
import { usePref } from '../../../lib/prefs';
import { useIsMobile } from '../../../lib/use-is-mobile';
import { fitMap } from '../../../map/map-commands';
import { useClosureAssets } from '../api/get-closure-assets';
import { useClosure, useClosures } from '../api/get-closures';
import { useDirections } from '../api/get-directions';
import { useSaveClosure } from '../api/save-closure';
import { closureDraft, useClosureDraft } from '../closure-draft';
import { CLOSURE_ROUTE_COLOUR, CLOSURES_PATH } from '../closure-look';
import { ZonedTimeInput } from '../../../components/ui/zoned-time-input';
import { fromZoneInput, toZoneInput } from '../../../lib/format-time';
import { Authorization, EditRoute } from '../../../components/ui/authorization';

/** After a save the screen goes to the closure after this long (the list refreshes meanwhile). */
const NAVIGATE_AFTER_SAVE_MS = 150;

const TextFieldsSchema = ClosureInputSchema.pick({ description: true, alert_message: true });
type TextFields = z.input<typeof TextFieldsSchema>;

export function NewClosureScreen() {
  const device = useIsMobile() ? 'mobile' : 'desktop';
  return (
    <Authorization
      allowed={(profile) => mayAddClosure(callerOf(profile), subscribedOrganizationOf(profile).id, device)}
    >
      {(profile) => <ClosureForm profile={profile} closure={null} />}
    </Authorization>
  );
}

export function EditClosureScreen() {
  const { closureId = '' } = useParams();
  const { closure, loaded } = useClosure(closureId);
  const device = useIsMobile() ? 'mobile' : 'desktop';
  return (
    <EditRoute
      title="Edit Closure"
      loadingLabel="Loading closure"
      notFound={CLOSURE_MESSAGES.notFound}
      item={closure}
      loaded={loaded}
      allowed={(profile, found) =>
        mayEditClosure(
          callerOf(profile),
          { organizationId: found.organization.id, closureType: found.closure_type },
          device,
        )
      }
    >
      {(profile, found) => <ClosureForm key={found.id} profile={profile} closure={found} />}
    </EditRoute>
  );
}

interface Settings {
  closure_type: 'manual' | 'automated';
  thing_id: string | null;
  direction: (typeof DIRECTIONS)[number] | null;
  impacted_lanes: number[];
  is_in_service: boolean;
  is_active: boolean;
  is_scheduled: boolean;
  start: string;
  end: string;
  road_names: string[];
  is_publish_on: boolean;
  external_id: string;
  location_method: keyof typeof LOCATION_METHODS | null;
  vehicle_impact: keyof typeof VEHICLE_IMPACTS | null;
  group_id: string;
}

/** A new closure of an organisation that publishes WZDx is published unless the user says otherwise. */
function settingsOf(closure: Closure | null, wzdxOrganization: boolean): Settings {
  return {
    closure_type: closure?.closure_type === 'automated' ? 'automated' : 'manual',
    thing_id: closure?.thing_id ?? null,
    direction: closure?.direction ?? null,
    impacted_lanes: closure?.impacted_lanes ?? [],
    is_in_service: closure?.is_in_service ?? true,
    is_active: closure?.is_active ?? false,
    is_scheduled: closure?.is_scheduled ?? false,
    start: toZoneInput(closure?.start_time),
    end: toZoneInput(closure?.end_time),
    road_names: closure?.road_names ?? [],
    is_publish_on: closure?.is_publish_on ?? wzdxOrganization,
    external_id: closure?.external_id ?? '',
    location_method: closure?.location_method ?? null,
    vehicle_impact: closure?.vehicle_impact ?? null,
    group_id: closure?.group_id ?? '',
  };
}

/**
 * A closure turned active, scheduled or neither (the two exclude each other). Turned on, a time the
 * user has not set takes its default: an end an hour from now (DEFAULT_CLOSURE_LENGTH_MS) and, for an
 * active one, a start now (editable back to when it began).
 */
function timingOf(settings: Settings, mode: 'active' | 'scheduled' | null): Partial<Settings> {
  const now = Date.now();
  return {
    is_active: mode === 'active',
    is_scheduled: mode === 'scheduled',
    ...(mode && {
      start: settings.start || (mode === 'active' ? toZoneInput(now) : ''),
      end: settings.end || toZoneInput(now + DEFAULT_CLOSURE_LENGTH_MS),
    }),
  };
}

function ClosureForm({ profile, closure }: { profile: Profile; closure: Closure | null }) {
  const navigate = useNavigate();
  const save = useSaveClosure();
  const closures = useClosures();
  const assets = useClosureAssets();
  const draft = useClosureDraft();
  const directions = useDirections(draft?.line ?? []);
  const [dismissed] = usePref('closureInstructionsDismissed');
  const [instructions, setInstructions] = useState(!dismissed);
  const [problem, setProblem] = useState<string | null>(null);
  // Every field's problem at once, from the payload's shape and the save rules.
  const [fieldErrors, setFieldErrors] = useState<Partial<Record<keyof ClosureInput, string>>>({});
  const wzdxOrganization = profile.userOrg.is_wzdx_org;
  const [settings, setSettings] = useState(() => settingsOf(closure, wzdxOrganization));
  const change = (patch: Partial<Settings>) => setSettings((current) => ({ ...current, ...patch }));
  const form = useForm<TextFields, unknown, z.infer<typeof TextFieldsSchema>>({
    resolver: zodResolver(TextFieldsSchema),
    defaultValues: { description: closure?.description ?? '', alert_message: closure?.alert_message ?? '' },
    mode: 'onTouched',
  });
  const { control, formState } = form;
  const submitFailed = formState.submitCount > 0 && !formState.isSubmitSuccessful;
  // The draft (and the drawing on the map) lives as long as this screen.
  useEffect(() => {
    const line = closure?.user_route.coordinates ?? [];
    closureDraft.begin({ line });
    if (closure) fitMap(closure.route_path.coordinates);
    return () => closureDraft.end();
  }, [closure]);

  if (!draft)
    return (
      <Center p="lg">
        <LoadingIndicator label="Loading" />
      </Center>
    );

  const linkedClosures =
    settings.thing_id &&
    (closures.data?.data ?? []).filter(
      (other) => other.thing_id === settings.thing_id && other.id !== closure?.id,
    ).length + 1;

  /**
   * The payload, or null with every field's problem marked at once (the text fields mark their own)
   * and the first one said under the form.
   */
  const checked = (text: TextFields): ClosureInput | null => {
    const candidate: ClosureInput = {
      ...text,
      closure_type: settings.closure_type,
      thing_id: settings.closure_type === 'automated' ? settings.thing_id : null,
      direction: settings.direction,
      impacted_lanes: settings.impacted_lanes,
      is_in_service: settings.is_in_service,
      user_route: { type: 'LineString', coordinates: draft.line },
      route_path: directions.routePath ?? undefined,
      is_active: settings.is_active,
      is_scheduled: settings.is_scheduled,
      start_time: settings.is_active || settings.is_scheduled ? fromZoneInput(settings.start) : null,
      end_time: settings.is_active || settings.is_scheduled ? fromZoneInput(settings.end) : null,
      road_names: settings.road_names,
      is_publish_on: settings.is_publish_on,
      external_id: settings.external_id || null,
      location_method: settings.location_method,
      vehicle_impact: settings.vehicle_impact,
      group_id: settings.group_id || null,
      is_wzdx_compliant: settings.is_publish_on,
    };
    const parsed = ClosureInputSchema.safeParse(candidate);
    const problems = [
      ...(parsed.success ? [] : parsed.error.issues).map((issue) => ({
        path: issue.path[0] as keyof ClosureInput,
        message: issue.message,
      })),
      // The rules read only what they check, so they run on the form's values even when incomplete.
      ...closureProblems(candidate, { now: new Date(), wzdxOrganization }),
    ];
    const errors: Partial<Record<keyof ClosureInput, string>> = {};
    for (const { path, message } of problems) errors[path] ??= message;
    setFieldErrors(errors);
    // The route has no field of its own to mark: its problem goes first.
    setProblem(errors.user_route ?? problems[0]?.message ?? null);
    return parsed.success && problems.length === 0 ? parsed.data : null;
  };

  const submit = async (text: z.infer<typeof TextFieldsSchema>) => {
    const input = checked(text);
    if (!input) return;
    try {
      const saved = await save.mutateAsync({ id: closure?.id ?? null, input });
      setTimeout(() => void navigate(`${CLOSURES_PATH}/${saved.id}`), NAVIGATE_AFTER_SAVE_MS);
    } catch (error) {
      setProblem(
        error instanceof ApiError
          ? closureSaveErrorMessage(error.status, error.message)
          : CLOSURE_MESSAGES.unableToSave,
      );
    }
  };

  return (
    <FormScreen title={closure ? 'Edit Closure' : 'Create Closure'} subtitle={closure?.description}>
      <Stack gap={4}>
        <Group justify="space-between">
          <Text size="sm" aria-live="polite">
            {draft.line.length} route points
          </Text>
          <Group gap={4}>
            <Button variant="default" size="xs" onClick={() => closureDraft.change({ line: [] })}>
              Redraw
            </Button>
            <Button variant="subtle" size="xs" onClick={() => setInstructions(true)}>
              View Instructions
            </Button>
          </Group>
        </Group>
        <Text size="sm" aria-live="polite" c={directions.routePath ? CLOSURE_ROUTE_COLOUR : undefined}>
          {directions.finding
            ? CLOSURE_MESSAGES.findingRoute
            : directions.routePath && 'The route follows the roads'}
        </Text>
        <ServerErrorLine message={directions.problem} />
      </Stack>
      <form
        noValidate
        onSubmit={(event) =>
          // With a text field missing too, the other fields are marked at the same time.
          void form.handleSubmit(submit, () => checked(form.getValues()))(event)
        }
      >
        <Stack gap="sm">
          {!closure && (
            <SegmentedControl
              aria-label="Closure type"
              value={settings.closure_type}
              onChange={(type) => change({ closure_type: type })}
              data={[
                { value: 'manual', label: 'Manual' },
                { value: 'automated', label: 'Automated' },
              ]}
            />
          )}
          {settings.closure_type === 'automated' && (
            <Stack gap={4}>
              <Select
                label="Asset"
                withAsterisk
                error={fieldErrors.thing_id}
                searchable
                data={assets.data ?? []}
                value={settings.thing_id}
                onChange={(thing_id) => {
                  // Active like the asset's other closures when one of them is active.
                  const active =
                    !!thing_id &&
                    assetHasActiveClosure(closures.data?.data ?? [], thing_id, closure?.id ?? null);
                  change({ thing_id, ...(active ? timingOf(settings, 'active') : { is_active: false }) });
                }}
                nothingFoundMessage="No Assets Available"
              />
              {linkedClosures && (
                <Text size="sm">NOTE: This Asset is now associated to {linkedClosures} closures</Text>
              )}
            </Stack>
          )}
          <CountedTextInput
            control={control}
            name="description"
            label="Description"
            withAsterisk
            max={CLOSURE_DESCRIPTION_MAX}
            submitFailed={submitFailed}
          />
          <CountedTextInput
            control={control}
            name="alert_message"
            label="Alert Message"
            max={CLOSURE_ALERT_MESSAGE_MAX}
            submitFailed={submitFailed}
          />
          <TagsInput
            label="Road names"
            description="The roads it closes, each followed by Enter; left empty, the streets found at its ends"
            withAsterisk={settings.is_publish_on}
            maxTags={ROAD_NAMES_MAX}
            maxLength={ROAD_NAME_MAX}
            value={settings.road_names}
            onChange={(road_names) => change({ road_names })}
            error={fieldErrors.road_names}
          />
          <Group grow align="flex-start">
            <Select
              label="Direction"
              withAsterisk={wzdxOrganization}
              error={fieldErrors.direction}
              clearable
              data={[...DIRECTIONS]}
              value={settings.direction}
              onChange={(direction) => change({ direction: direction })}
            />
            <MultiSelect
              label="Impacted lanes"
              data={Array.from({ length: 9 }, (_, i) => String(i + 1))}
              value={settings.impacted_lanes.map(String)}
              onChange={(lanes) => change({ impacted_lanes: lanes.map(Number) })}
            />
          </Group>
          <Switch
            label="In service"
            checked={settings.is_in_service}
            onChange={(event) => change({ is_in_service: event.currentTarget.checked })}
          />
          <Switch
            label="Active"
            checked={settings.is_active}
            onChange={(event) => change(timingOf(settings, event.currentTarget.checked ? 'active' : null))}
          />
          <Switch
            label="Scheduled"
            error={fieldErrors.is_scheduled}
            checked={settings.is_scheduled}
            onChange={(event) => change(timingOf(settings, event.currentTarget.checked ? 'scheduled' : null))}
          />
          {(settings.is_active || settings.is_scheduled) && (
            <ZonedTimeInput
              label="Start"
              description={settings.is_active ? 'Now, or earlier if it began before' : undefined}
              error={fieldErrors.start_time}
              value={settings.start}
              onChange={(event) => change({ start: event.currentTarget.value })}
            />
          )}
          {(settings.is_active || settings.is_scheduled) && (
            <ZonedTimeInput
              label="End"
              error={fieldErrors.end_time}
              value={settings.end}
              onChange={(event) => change({ end: event.currentTarget.value })}
            />
          )}
          <Switch
            label="Publish as work-zone data (WZDx)"
            description={WZDX_PUBLISHING_NEEDS}
            checked={settings.is_publish_on}
            onChange={(event) => change({ is_publish_on: event.currentTarget.checked })}
          />
          {settings.is_publish_on && (
            <>
              <TextInput
                label="Work-zone ID"
                withAsterisk
                error={fieldErrors.external_id}
                maxLength={WZDX_ID_MAX}
                value={settings.external_id}
                onChange={(event) => change({ external_id: event.currentTarget.value })}
              />
              <Select
                label="Location method"
                withAsterisk
                error={fieldErrors.location_method}
                data={Object.entries(LOCATION_METHODS).map(([value, label]) => ({ value, label }))}
                value={settings.location_method}
                onChange={(value) => change({ location_method: value as Settings['location_method'] })}
              />
              <Select
                label="Vehicle impact"
                withAsterisk
                error={fieldErrors.vehicle_impact}
                data={Object.entries(VEHICLE_IMPACTS).map(([value, label]) => ({ value, label }))}
                value={settings.vehicle_impact}
                onChange={(value) => change({ vehicle_impact: value as Settings['vehicle_impact'] })}
              />
              <TextInput
                label="Group ID"
                value={settings.group_id}
                onChange={(event) => change({ group_id: event.currentTarget.value })}
              />
            </>
          )}
          <FormActions
            canSave={!formState.isSubmitting && !directions.finding}
            submitting={formState.isSubmitting || save.isPending}
            onCancel={() => void navigate(closure ? `${CLOSURES_PATH}/${closure.id}` : CLOSURES_PATH)}
          />
          <ServerErrorLine message={problem} />
        </Stack>
      </form>
      <InstructionsDialog
        title="Drawing a closure"
        pref="closureInstructionsDismissed"
        opened={instructions}
        onClose={() => setInstructions(false)}
      >
        <List size="sm" spacing={4}>
          <List.Item>Zoom in to at least 15.5 (the map goes there for a new closure).</List.Item>
          <List.Item>Click on the map at the start of the closure, then along the road to its end.</List.Item>
          <List.Item>
            Click the last point again (or press Enter) to finish; drag points to move them.
          </List.Item>
          <List.Item>Fill in the description and times, then Save.</List.Item>
        </List>
      </InstructionsDialog>
    </FormScreen>
  );
}
