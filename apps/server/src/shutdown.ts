/** Stopping Flare cleanly. */

export interface Closable {
  close(): Promise<unknown>;
}

/**
 * Closes the OsmAnd listener first (it finishes the reports in flight and takes no new ones), then
 * the app, which drains telemetry and closes the database: no report reaches a closing database.
 */
export async function stopServers(osmand: Closable, app: Closable): Promise<void> {
  await osmand.close();
  await app.close();
}
