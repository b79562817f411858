import Ajv2020, { type ValidateFunction } from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** The UCP 2026-04-08 JSON Schemas vendored in test/fixtures (the release's own files, unchanged). */
const SCHEMA_DIR = join(__dirname, '..', 'fixtures', 'ucp-2026-04-08', 'schemas');
const BASE = 'https://ucp.dev/schemas';

function schemaFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? schemaFiles(path) : name.endsWith('.json') ? [path] : [];
  });
}

function build(): Ajv2020 {
  // strict: false — the UCP files carry annotation keywords Ajv does not know (e.g. "name").
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats(ajv);
  for (const file of schemaFiles(SCHEMA_DIR)) ajv.addSchema(JSON.parse(readFileSync(file, 'utf8')) as object);
  return ajv;
}

const ajv = build();

function validator(ref: string): ValidateFunction {
  const validate = ajv.getSchema(ref);
  if (!validate) throw new Error(`no schema ${ref}`);
  return validate;
}

export const ucpValidators = {
  searchResponse: validator(`${BASE}/shopping/catalog_search.json#/$defs/search_response`),
  lookupResponse: validator(`${BASE}/shopping/catalog_lookup.json#/$defs/lookup_response`),
  getProductResponse: validator(`${BASE}/shopping/catalog_lookup.json#/$defs/get_product_response`),
  /** A business outcome with ucp.status "error" (get_product of an unknown id). */
  errorResponse: validator(`${BASE}/shopping/types/error_response.json`),
  /** The release has no profile.json: a profile is {"ucp": business_schema}. */
  profile: ajv.compile({
    type: 'object',
    required: ['ucp'],
    properties: { ucp: { $ref: `${BASE}/ucp.json#/$defs/business_schema` } },
  }),
};

/** Fails with Ajv's own error list, so a schema violation is readable in the test output. */
export function expectValid(validate: ValidateFunction, value: unknown): void {
  const valid = validate(value);
  if (!valid)
    throw new Error(`UCP schema violation: ${JSON.stringify(validate.errors, null, 2)}\nvalue: ${JSON.stringify(value).slice(0, 2000)}`);
}
