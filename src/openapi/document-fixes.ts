import type { OpenAPIObject, ResponseObject, SchemaObject } from '@nestjs/swagger';
import { RATE_LIMIT_HEADERS } from './response-headers';

/**
 * Declares the throttler's X-RateLimit-* headers on every 2xx answer of an operation secured by
 * `scheme` (the throttler runs on every authenticated route, so no route has to repeat them).
 */
export function addRateLimitHeaders(document: OpenAPIObject, scheme: string): void {
  for (const path of Object.values(document.paths)) {
    for (const operation of [path.get, path.put, path.post, path.delete, path.patch]) {
      if (!operation?.security?.some((requirement) => scheme in requirement)) continue;
      for (const [status, response] of Object.entries(operation.responses)) {
        if (!/^2\d\d$/.test(status) || !response || '$ref' in response) continue;
        const answer = response as ResponseObject;
        answer.headers = { ...answer.headers, ...RATE_LIMIT_HEADERS };
      }
    }
  }
}

/**
 * Nest flattens a DTO that extends another into one schema; this rewrites `child` as
 * `allOf: [base, own properties]`, so the document shows (and linters see) that it is the base
 * schema plus its own fields.
 */
export function composeSchema(document: OpenAPIObject, child: string, base: string): void {
  const schemas = document.components?.schemas ?? {};
  const derived = schemas[child] as SchemaObject | undefined;
  const parent = schemas[base] as SchemaObject | undefined;
  if (!derived?.properties || !parent?.properties) throw new Error(`composeSchema: ${child} or ${base} has no properties`);
  const inherited = new Set(Object.keys(parent.properties));
  const own = Object.fromEntries(Object.entries(derived.properties).filter(([name]) => !inherited.has(name)));
  const required = (derived.required ?? []).filter((name) => !inherited.has(name));
  const { properties: _properties, required: _required, type: _type, ...rest } = derived;
  schemas[child] = {
    ...rest,
    allOf: [{ $ref: `#/components/schemas/${base}` }, { type: 'object', properties: own, ...(required.length ? { required } : {}) }],
  };
}

/**
 * Nest writes a nullable DTO-typed property as `nullable` beside `allOf: [$ref]`, which in
 * OpenAPI 3.0 still refuses null (nullable does not reach into allOf, so a real `null` fails
 * validation). This rewrites each as `anyOf: [$ref, null]`, the 3.0 form that admits both.
 */
export function allowNullReferences(document: OpenAPIObject): void {
  for (const schema of Object.values(document.components?.schemas ?? {}) as SchemaObject[]) {
    for (const [name, property] of Object.entries(schema.properties ?? {})) {
      if ('$ref' in property || !property.nullable || property.allOf?.length !== 1) continue;
      const { allOf, type: _type, ...rest } = property;
      schema.properties![name] = { ...rest, type: 'object', anyOf: [allOf[0], { type: 'object', nullable: true, enum: [null] }] };
    }
  }
}
