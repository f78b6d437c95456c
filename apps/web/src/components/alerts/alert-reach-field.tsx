/**
 * "Motorist alert" in an incident's or closure's detail: whether its alert went out and how widely
 * (the partners whose streams or vehicles it reached, the vehicles it came to concern). For users
 * who may read alerts; fetched again every 30 s while shown.
 */
import { useQuery } from '@tanstack/react-query';
import { can } from '@flare/core/permissions/access';
import { countOf } from '@flare/core/text';
import { AlertReachSchema, type AlertReach, type AlertSourceKind } from '@flare/core/schemas/alert';
import { apiFetch, parseResponse } from '../../lib/api-client';
import { useSession } from '../../lib/session';
import { DetailField } from '../ui/detail-field';

const REACH_REFRESH_MS = 30_000;

/** How the reach reads in the detail. */
export function reachText(reach: AlertReach): string {
  if (reach.partners === 0)
    return reach.active ? 'Active: no partner has received it yet' : 'Not sent to any partner';
  const vehicles = reach.vehicles > 0 ? `, ${countOf(reach.vehicles, 'vehicle')} warned` : '';
  return `${reach.active ? 'Active: sent' : 'Sent'} to ${countOf(reach.partners, 'partner')}${vehicles}`;
}

export function AlertReachField({ kind, sourceId }: { kind: AlertSourceKind; sourceId: string }) {
  const mayRead = can(useSession()?.profile?.permissions ?? [], 'viewAlerts');
  const alertId = `${kind}:${sourceId}`;
  const reach = useQuery({
    queryKey: ['alerts', alertId, 'reach'],
    queryFn: async () => parseResponse(AlertReachSchema, await apiFetch<unknown>(`/alerts/${alertId}/reach`)),
    enabled: mayRead,
    refetchInterval: REACH_REFRESH_MS,
  });
  if (!mayRead) return null;
  return (
    <DetailField label="Motorist alert">
      {reach.data ? reachText(reach.data) : reach.isError ? 'Not known' : 'Loading…'}
    </DetailField>
  );
}
