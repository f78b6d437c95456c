/**
 * The official WZDx 4.2 JSON schemas, to check the feeds Flare publishes. They are reference data
 * beside the project (`../shared/wzdx/schemas`, or WZDX_SCHEMAS_DIR), not part of it: where they
 * are absent the checks that need them are skipped, saying so.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { Ajv, type AnySchema, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';

const SCHEMAS_DIR =
  process.env.WZDX_SCHEMAS_DIR ?? path.resolve(import.meta.dirname, '../../../../shared/wzdx/schemas');
const BASE = 'https://raw.githubusercontent.com/usdot-jpo-ode/wzdx/main/schemas/4.2';

export const wzdxSchemasPresent = existsSync(path.join(SCHEMAS_DIR, '4.2', 'WorkZoneFeed.json'));
export const WZDX_SCHEMAS_ABSENT = `the official WZDx 4.2 schemas are not at ${SCHEMAS_DIR} (set WZDX_SCHEMAS_DIR): feed documents not checked against them`;

let ajv: Ajv | undefined;

function schemas(): Ajv {
  if (ajv) return ajv;
  ajv = new Ajv({ strict: false, allErrors: true });
  addFormats(ajv);
  for (const folder of ['geojson', '4.2'])
    for (const file of readdirSync(path.join(SCHEMAS_DIR, folder)).filter((name) => name.endsWith('.json')))
      ajv.addSchema(JSON.parse(readFileSync(path.join(SCHEMAS_DIR, folder, file), 'utf8')) as AnySchema);
  return ajv;
}

/** The validator of a 4.2 feed type; its `errors` say what failed. */
export function wzdxValidator(feed: 'WorkZoneFeed' | 'DeviceFeed'): ValidateFunction {
  return schemas().getSchema(`${BASE}/${feed}.json`)!;
}
