/**
 * What a feature brings to the app, in one place, for the app to register with one line
 * (app/features.ts): its dashboard section's routes, the live messages it follows, and its parts of
 * the shell's map. Navigation entries, their order and who sees them are core's (permissions/sections).
 */
import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import type { Access } from '@flare/core/permissions/access';
import type { SectionId } from '@flare/core/permissions/sections';
import type { LiveHandler, LiveMessageType, LiveRegistry } from '../live/live-registry';

/** Routes the app mounts behind an access check (and a large screen when `desktopOnly`). */
export interface GuardedRoutes {
  path: string;
  /** Absent: the screens check for themselves (as the closure form does, by device). */
  access?: Access;
  desktopOnly?: boolean;
  children: RouteObject[];
}

export interface FeatureManifest {
  /** The dashboard section it is, at /dashboard/<path>, behind core's rule for who sees it. */
  section?: {
    id: SectionId;
    path: string;
    routes: RouteObject[];
    guarded?: GuardedRoutes[];
  };
  /** Loads its data for each sign-in and applies the live messages of its types (`liveFeature`). */
  live?: LiveFeature;
  /**
   * Its parts of the shell's map, drawn in the features' order within each plane: layers in the
   * map's canvas, then markers (DOM, above every canvas layer), then drawing tools.
   */
  map?: {
    layers?: ComponentType[];
    markers?: ComponentType[];
    drawing?: ComponentType[];
  };
}

/** A feature's live handler, whatever its message types, ready for the app's registry. */
export interface LiveFeature {
  registerWith(registry: LiveRegistry): void;
}

export function liveFeature<T extends LiveMessageType>(handler: LiveHandler<T>): LiveFeature {
  return { registerWith: (registry) => registry.register(handler) };
}
