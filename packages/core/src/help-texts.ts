/** The help texts the dashboard shows beside its screens' titles (a "?" that opens the text). */
export const HELP_TEXTS = {
  account: {
    title: 'Situational awareness mode',
    text: 'For a control-room or wall display: this browser stays signed in however long nobody touches it (no "Session has been inactive too long." prompt). Turn it off on shared desks. Offered when your organisation allows it.',
  },
  areas: {
    title: 'Areas',
    text: 'Saved places drawn on the map: stations (assets parked inside count at the station), hospitals, points of interest, exclusion zones, and the no-stop and no-enter zones that change how alerts behave. Draw a polygon or a circle, or import a GeoJSON file.',
  },
  closures: {
    title: 'Closures',
    text: 'Road closures drawn point by point on the map. Manual ones are switched on and off here, automated ones follow their asset, and feed ones come from another agency’s WZDx feed. Published closures go out in your WZDx feed to navigation apps.',
  },
  hazards: {
    title: 'Hazards',
    text: 'Hazards on the road (debris, a disabled vehicle, a crash, ice, flooding, a pothole, an animal) reported from the map (right-click, Report hazard) or by devices. Pick the types, severities, status and time range (the last 24 hours to start with); the hazards found are listed and marked on the map by severity. Open one for its note and photo, and resolve it once the road is clear.',
  },
  locations: {
    title: 'Incident location',
    text: 'Move the incident where it really is and set the roadway heading. The navigation app message is what drivers approaching it read in apps that take your incident feed. A three-word address names the point precisely for callers and crews.',
  },
  things: {
    title: 'Live',
    text: 'Your assets as they report. A unit is stale after 30 seconds without a report, pending after 8 hours and offline after 4 days. Filter by status, search by name, and open a unit for its run, alerts and commands.',
  },
  trips: {
    title: 'Trips',
    text: 'Where an asset went: pick it and a time range, then replay a run on the map or download it as GPX or GeoJSON. Every report of every run is kept.',
  },
} as const;

export type HelpTopic = keyof typeof HELP_TEXTS;
