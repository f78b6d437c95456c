import { describe, expect, it } from 'vitest';
import { FAQ, faqFor } from './faq';

const answerOf = (id: string) => FAQ.find((entry) => entry.id === id)!.answer;

describe('the FAQ', () => {
  it('states the figures the product works by', () => {
    expect(answerOf('asset-offline')).toContain(
      'stale 30 seconds after its last report, pending after 8 hours without one and offline after 4 days',
    );
    expect(answerOf('signed-out')).toContain('after 4 hours without activity');
    expect(answerOf('locked')).toContain('After 5 failed sign-ins');
    expect(answerOf('locked')).toContain('expire after 90 days');
  });

  it('links to a section only for a user who may open it there', () => {
    const linked = (permissions: string[], device: 'mobile' | 'desktop') =>
      faqFor(permissions, device).flatMap((entry) => (entry.link ? [entry.link.section] : []));
    expect(linked([], 'desktop')).toEqual([]);
    expect(linked(['thing:read', 'trip:read'], 'desktop')).toEqual(['things', 'trips']);
    // Trips are desktop only.
    expect(linked(['thing:read', 'trip:read'], 'mobile')).toEqual(['things']);
    expect(faqFor([], 'mobile').map((entry) => entry.question)).toEqual(FAQ.map((entry) => entry.question));
  });
});
