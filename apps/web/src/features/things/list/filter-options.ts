/** The choices the filters panel offers, taken from the assets loaded (only what can match). */
import type { Thing } from '@flare/core/schemas/thing';

export interface Option {
  value: string;
  label: string;
}

export interface TypeOption extends Option {
  subtypes: Option[];
}

export interface FilterOptions {
  owned: Option[];
  managed: Option[];
  types: TypeOption[];
}

const byLabel = (a: Option, b: Option) => a.label.localeCompare(b.label);

export function filterOptions(things: Iterable<Thing>): FilterOptions {
  const owned = new Map<string, string>();
  const managed = new Map<string, string>();
  const types = new Map<string, { label: string; subtypes: Map<string, string> }>();
  for (const thing of things) {
    owned.set(thing.organization.id, thing.organization.name);
    for (const relation of thing.organization_relationships) {
      if (relation.relationship_type === 'manager') {
        managed.set(relation.organization_uuid, relation.organization_name);
      }
    }
    const type = types.get(thing.thing_type.name) ?? {
      label: thing.thing_type.display_name,
      subtypes: new Map<string, string>(),
    };
    types.set(thing.thing_type.name, type);
    if (thing.thing_subtype && thing.thing_subtype_uuid) {
      type.subtypes.set(thing.thing_subtype_uuid, thing.thing_subtype.display_name);
    }
  }
  const options = (map: Map<string, string>) =>
    [...map].map(([value, label]) => ({ value, label })).sort(byLabel);
  return {
    owned: options(owned),
    managed: options(managed),
    types: [...types]
      .map(([value, type]) => ({ value, label: type.label, subtypes: options(type.subtypes) }))
      .sort(byLabel),
  };
}
