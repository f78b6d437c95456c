/**
 * The Data section's Exports: the list, and the wizard (mounted by the app behind the create-export
 * permission). Screens load on first visit.
 */
import { lazyScreen } from '../../lib/lazy-screen';
import type { RouteObject } from 'react-router';
import { liveFeature, type FeatureManifest } from '../../lib/feature-manifest';
import { exportsLiveHandler } from './live/exports-live-handler';

const ExportsScreen = lazyScreen(() => import('./list/exports-screen'), 'ExportsScreen');
const NewExportScreen = lazyScreen(() => import('./wizard/new-export-screen'), 'NewExportScreen');

export const exportsRoutes: RouteObject[] = [{ index: true, element: <ExportsScreen /> }];
export const newExportRoutes: RouteObject[] = [{ index: true, element: <NewExportScreen /> }];

/** Exports live in the Data section (the app mounts their routes there); their list follows the feed. */
export const exportsFeature: FeatureManifest = { live: liveFeature(exportsLiveHandler) };
