/**
 * The help texts the dashboard shows beside its screens' titles (a "?" that opens the text): a
 * section's is in its entry (permissions/sections.ts), the others' here.
 */
import { sectionById, type SectionWithHelp } from './permissions/sections';

export interface HelpText {
  title: string;
  text: string;
}

const OTHER_TOPICS = {
  account: {
    title: 'Situational awareness mode',
    text: 'For a control-room or wall display: this browser stays signed in however long nobody touches it (no "Session has been inactive too long." prompt). Turn it off on shared desks. Offered when your organisation allows it.',
  },
  locations: {
    title: 'Incident location',
    text: 'Move the incident where it really is and set the roadway heading. The navigation app message is what drivers approaching it read in apps that take your incident feed. A three-word address names the point precisely for callers and crews.',
  },
} as const satisfies Record<string, HelpText>;

export type HelpTopic = keyof typeof OTHER_TOPICS | SectionWithHelp;

export function helpText(topic: HelpTopic): HelpText {
  return topic in OTHER_TOPICS
    ? OTHER_TOPICS[topic as keyof typeof OTHER_TOPICS]
    : sectionById(topic as SectionWithHelp).help!;
}
