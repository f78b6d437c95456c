import type { Db } from '../../platform/db/database';

export class ReferenceRepository {
  constructor(private readonly db: Db) {}

  thingTypes() {
    return this.db.selectFrom('thing_types').selectAll().orderBy('display_name').execute();
  }

  thingSubtypes() {
    return this.db.selectFrom('thing_subtypes').selectAll().orderBy('display_name').execute();
  }

  ezTypes() {
    return this.db.selectFrom('ez_types').selectAll().orderBy('display_name').execute();
  }
}
