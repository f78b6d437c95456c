/**
 * The shell's frequently asked questions (in the Support dialog): each with its answer and, where a
 * section of the dashboard is the answer, the section's path to open it. Figures come from the rules
 * that decide them, so an answer cannot drift from what the product does.
 */
import { INACTIVITY_TIMEOUT_MS, LOCK_AFTER_FAILED_SIGN_INS, PASSWORD_EXPIRY_DAYS } from './constants';
import { canSee, sectionById, type SectionId } from './permissions/sections';
import { STATUS_WINDOWS_MS } from './status/thing-status';

export interface FaqEntry {
  id: string;
  question: string;
  answer: string;
  /** The section of the dashboard that answers the question, with the link's text. */
  link?: { section: SectionId; label: string };
}

const hours = (ms: number) => ms / 3_600_000;

export const FAQ: readonly FaqEntry[] = [
  {
    id: 'asset-offline',
    question: 'Why does a vehicle show as stale, pending or offline?',
    answer:
      `A vehicle is stale ${STATUS_WINDOWS_MS.stale / 1000} seconds after its last report, pending after ` +
      `${hours(STATUS_WINDOWS_MS.standby)} hours without one and offline after ${STATUS_WINDOWS_MS.pending / 86_400_000} days. ` +
      'Check that its device has power and signal; open the vehicle for the time of its last report.',
    link: { section: 'things', label: 'Open Live' },
  },
  {
    id: 'motorists',
    question: 'How do drivers on the road learn of our incidents and closures?',
    answer:
      'Active incidents go out in your organisation’s Waze feed, and published closures in its WZDx feed, which ' +
      'navigation apps read. Your administrator finds both feeds’ addresses under Feeds in the account menu.',
    link: { section: 'closures', label: 'Open Closures' },
  },
  {
    id: 'signed-out',
    question: 'Why was I signed out?',
    answer:
      `Flare signs you out after ${hours(INACTIVITY_TIMEOUT_MS)} hours without activity, asking first. ` +
      'A control-room display can stay signed in with situational awareness mode, where your organisation allows it.',
    link: { section: 'accounts', label: 'Open Profile & Preferences' },
  },
  {
    id: 'locked',
    question: 'I cannot sign in. What now?',
    answer:
      `After ${LOCK_AFTER_FAILED_SIGN_INS} failed sign-ins the account is locked and an e-mail with a link to ` +
      `unlock it is sent. Passwords expire after ${PASSWORD_EXPIRY_DAYS} days; "Forgot password" on the sign-in ` +
      'page sends a link to choose a new one. Your administrator can also help.',
  },
  {
    id: 'history',
    question: 'Where can I see where a vehicle went, or get the data?',
    answer:
      'Trips shows each run of up to five vehicles on the map, to replay or download. Reports has the monthly ' +
      'PDF report, and Exports writes points, incidents and closures to CSV files.',
    link: { section: 'trips', label: 'Open Trips' },
  },
];

/** The questions, each linking to its section only where this user may open it on this device. */
export function faqFor(permissions: readonly string[], device: 'mobile' | 'desktop'): FaqEntry[] {
  return FAQ.map(({ link, ...entry }) => {
    const opens =
      link &&
      canSee(permissions, link.section) &&
      (device === 'desktop' || !sectionById(link.section).desktopOnly);
    return opens ? { ...entry, link } : entry;
  });
}
