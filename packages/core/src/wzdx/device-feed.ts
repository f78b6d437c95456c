/**
 * An organisation's work-zone field devices as a WZDx 4.2 DeviceFeed: its WZDx-enabled assets with
 * their live positions. Arrow boards are published as arrow boards (pattern unknown: devices do not
 * report it); other assets as location markers of a work truck with lights flashing. A device that
 * checked in within the standby window (8 h) is ok, otherwise its state is unknown. Each device names
 * the published closures it carries (its automated closures' work-zone ids).
 */
import { STATUS_WINDOWS_MS } from '../status/thing-status';
import { utc, wzdxFeedInfo, type FeedPublisher } from './work-zone-feed';

export interface PublishedDevice {
  id: string;
  name: string;
  isArrowBoard: boolean;
  lng: number;
  lat: number;
  /** km/h, when reported. */
  speed: number | null;
  heartbeatAt: Date | null;
  positionAt: Date;
  roadEventIds: readonly string[];
}

function wzdxDevice(device: PublishedDevice, dataSourceId: string, now: Date) {
  const fresh =
    device.heartbeatAt !== null && now.getTime() - device.heartbeatAt.getTime() <= STATUS_WINDOWS_MS.standby;
  const lastSeen =
    device.heartbeatAt && device.heartbeatAt > device.positionAt ? device.heartbeatAt : device.positionAt;
  const coreDetails = {
    device_type: device.isArrowBoard ? 'arrow-board' : 'location-marker',
    data_source_id: dataSourceId,
    device_status: fresh ? 'ok' : 'unknown',
    update_date: utc(lastSeen),
    has_automatic_location: true,
    name: device.name,
    is_moving: (device.speed ?? 0) > 0,
    ...(device.speed !== null ? { velocity_kph: device.speed } : {}),
    ...(device.roadEventIds.length > 0 ? { road_event_ids: [...device.roadEventIds] } : {}),
  };
  return {
    id: device.id,
    type: 'Feature' as const,
    properties: device.isArrowBoard
      ? { core_details: coreDetails, pattern: 'unknown' }
      : {
          core_details: coreDetails,
          marked_locations: [
            {
              type: 'work-truck-with-lights-flashing',
              ...(device.roadEventIds[0] ? { road_event_id: device.roadEventIds[0] } : {}),
            },
          ],
        },
    geometry: { type: 'Point' as const, coordinates: [device.lng, device.lat] },
  };
}

export function wzdxDeviceFeed(publisher: FeedPublisher, devices: readonly PublishedDevice[], now: Date) {
  const updatedAt = devices.reduce(
    (latest, device) => (device.positionAt > latest ? device.positionAt : latest),
    new Date(0),
  );
  return {
    feed_info: wzdxFeedInfo(publisher, devices.length > 0 ? updatedAt : now),
    type: 'FeatureCollection' as const,
    features: devices.map((device) => wzdxDevice(device, publisher.id, now)),
  };
}
