/**
 * Which status changes a dispatcher is told about with a notice: an in-service asset turning
 * on-scene (location), responding (active) or offline, and an asset taken out of service. Other
 * changes (standing by, pending, back in service) only move the asset in the list.
 */
import type { RespondersType } from '../labels';
import { fromServerStatus, statusLabel, type ServerStatus, type ThingStatus } from './thing-status';

export type NoticedStatus = Extract<ThingStatus, 'location' | 'active' | 'offline'> | 'outOfService';

const NOTICED: readonly ThingStatus[] = ['location', 'active', 'offline'];

interface StatusState {
  status: ServerStatus;
  in_service: boolean;
}

/** Whether the asset's status or service changed at all (its row is highlighted). */
export function statusChanged(before: StatusState, after: StatusState): boolean {
  return before.status !== after.status || before.in_service !== after.in_service;
}

/** The status the change is noticed for, or null when it is not noticed. */
export function noticedStatus(before: StatusState, after: StatusState): NoticedStatus | null {
  if (!after.in_service) return before.in_service ? 'outOfService' : null;
  const status = fromServerStatus(after.status);
  const entered = before.status !== after.status || !before.in_service;
  return entered && NOTICED.includes(status) ? (status as NoticedStatus) : null;
}

/** The notice's status in the organisation's words (On-Scene or Active Event, Responding or Active). */
export function noticedStatusLabel(status: NoticedStatus, respondersType: RespondersType): string {
  return status === 'outOfService' ? 'Out-of-Service' : statusLabel(status, respondersType);
}
