/**
 * Where the vehicle is: the simulated car of a demo drive (moved every second, on the page's clock),
 * or the device's GPS. A heading is known only while moving (a GPS standing still reports none).
 */
import { useEffect, useState } from 'react';
import type { VehiclePosition } from '@flare/core/alerts/alert-relevance';
import { GEOLOCATION_OPTIONS } from '@flare/core/constants';
import type { SimulatedDrive } from './drive-link';
import { simulatedPosition } from './simulated-drive';

export const SIMULATION_STEP_MS = 1_000;

export const POSITION_PROBLEMS = {
  unsupported: 'This browser cannot tell where you are.',
  denied: 'Location is turned off for this page: allow it to hear the alerts on your way.',
  waiting: 'Finding your position…',
} as const;

export interface PositionState {
  position: VehiclePosition | null;
  /** Why there is no position (yet). */
  problem: string | null;
}

function useSimulatedPosition(drive: SimulatedDrive | null): VehiclePosition | null {
  const [position, setPosition] = useState<VehiclePosition | null>(null);
  useEffect(() => {
    if (!drive) return;
    const start = Date.now();
    const move = () => setPosition(simulatedPosition(drive, Date.now() - start));
    move();
    const timer = setInterval(move, SIMULATION_STEP_MS);
    return () => clearInterval(timer);
  }, [drive]);
  return position;
}

function useGpsPosition(enabled: boolean): PositionState {
  const supported = 'geolocation' in navigator;
  const [state, setState] = useState<PositionState>({
    position: null,
    problem: supported ? POSITION_PROBLEMS.waiting : POSITION_PROBLEMS.unsupported,
  });
  useEffect(() => {
    if (!enabled || !supported) return;
    const watch = navigator.geolocation.watchPosition(
      ({ coords }) => {
        const moving = coords.heading !== null && !Number.isNaN(coords.heading) && (coords.speed ?? 1) > 0.5;
        setState({
          position: { lat: coords.latitude, lng: coords.longitude, heading: moving ? coords.heading : null },
          problem: null,
        });
      },
      (error) =>
        setState((last) => ({
          position: last.position,
          problem:
            error.code === error.PERMISSION_DENIED ? POSITION_PROBLEMS.denied : POSITION_PROBLEMS.waiting,
        })),
      GEOLOCATION_OPTIONS,
    );
    return () => navigator.geolocation.clearWatch(watch);
  }, [enabled, supported]);
  return state;
}

export function useVehiclePosition(drive: SimulatedDrive | null): PositionState {
  const simulated = useSimulatedPosition(drive);
  const gps = useGpsPosition(drive === null);
  return drive ? { position: simulated, problem: null } : gps;
}
