import { describe, expect, it } from 'vitest';
import { helpText } from '../help-texts';
import {
  canSee,
  dataIndexPath,
  defaultSection,
  sectionLabel,
  showsInSideNav,
  visibleDataSubsections,
  visibleSections,
} from './sections';

describe('sections', () => {
  it('lists visible sections in spec order and defaults to the first', () => {
    const perms = ['zone:read', 'incident:read', 'report:read'];
    expect(visibleSections(perms)).toEqual(['events', 'zones', 'data']);
    expect(defaultSection(perms)).toBe('events');
  });

  it('has no default section for a user who may see nothing', () => {
    expect(defaultSection([])).toBeNull();
  });

  it('gates each section by its view access', () => {
    expect(canSee(['thing:read'], 'things')).toBe(true);
    expect(canSee(['thing:update'], 'things')).toBe(false);
    expect(canSee(['engineer:test'], 'r2r')).toBe(true);
    expect(canSee(['engineer:test'], 'accounts-new')).toBe(true);
    expect(canSee(['user:read'], 'accounts')).toBe(true);
  });

  it('shows the closures side-nav entry only with the areas view permission too', () => {
    expect(showsInSideNav(['closure:read'], 'closures')).toBe(false);
    expect(showsInSideNav(['closure:read', 'exclusion:read'], 'closures')).toBe(true);
    expect(showsInSideNav(['report:read'], 'data')).toBe(false);
  });

  it('sends data to reports when the user may read reports, else to exports', () => {
    expect(dataIndexPath(['report:manage'])).toBe('reports');
    expect(dataIndexPath(['export:read'])).toBe('exports');
  });

  it('lists the data sub-sections each by its own access, in menu order', () => {
    expect(visibleDataSubsections(['report:read'])).toEqual(['reports']);
    expect(visibleDataSubsections(['export:manage'])).toEqual(['exports']);
    expect(visibleDataSubsections(['export:read', 'report:manage'])).toEqual(['reports', 'exports']);
  });

  it('hides data when it would hold neither reports nor exports, though its access allows it', () => {
    const perms = ['haas:manage'];
    expect(visibleDataSubsections(perms)).toEqual([]);
    expect(canSee(perms, 'data')).toBe(false);
    expect(visibleSections(perms)).not.toContain('data');
    expect(dataIndexPath(perms)).toBeUndefined();
    expect(canSee([...perms, 'export:read'], 'data')).toBe(true);
  });

  it("names each section in the navigation from its entry, events by the organisation's responders", () => {
    expect(sectionLabel('things', 'none')).toBe('Live');
    expect(sectionLabel('events', 'all')).toBe('Incidents');
    expect(sectionLabel('events', 'some')).toBe('Events');
    expect(sectionLabel('accounts-new', 'all')).toBe('New Accounts (preview)');
  });

  it("finds a section's help text in its entry, and the other topics' beside them", () => {
    expect(helpText('closures').title).toBe('Closures');
    expect(helpText('things').text).toMatch(/^Your assets as they report/);
    expect(helpText('locations').title).toBe('Incident location');
  });
});
