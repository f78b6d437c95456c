/** Where an asset's screens are (detail, edit): the Live section's, whichever section links to them. */
export const liveThingPath = (thingId: string) => `/dashboard/things/${encodeURIComponent(thingId)}`;
