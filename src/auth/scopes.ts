import { ForbiddenError } from '../common/errors/api-error';

/**
 * accounts--my:ro reads, accounts--my:rw writes (and reads). The two others are grants on top of
 * rw for what does lasting harm in one request: catalog:replace lets a replace import delete more
 * than REPLACE_MAX_DELETE_RATIO of the catalog (allow_mass_delete=true); webhooks:manage creates,
 * deletes and re-keys webhooks (where the organization's events are sent).
 */
export const SCOPES = ['accounts--my:ro', 'accounts--my:rw', 'catalog:replace', 'webhooks:manage'] as const;
export type Scope = (typeof SCOPES)[number];

/** Scopes a granted scope satisfies: read-write implies read-only; the two grants imply nothing else. */
const IMPLIED: Record<Scope, readonly Scope[]> = {
  'accounts--my:ro': ['accounts--my:ro'],
  'accounts--my:rw': ['accounts--my:rw', 'accounts--my:ro'],
  'catalog:replace': ['catalog:replace'],
  'webhooks:manage': ['webhooks:manage'],
};

/** The 403 for a principal without every one of `required` (the route's guard and a route's own finer check). */
export function missingScopesError(required: readonly Scope[]): ForbiddenError {
  return new ForbiddenError(`This operation requires the scope ${required.join(', ')}`);
}

export function isScope(value: string): value is Scope {
  return (SCOPES as readonly string[]).includes(value);
}

export function hasScopes(granted: readonly string[], required: readonly Scope[]): boolean {
  const effective = new Set<string>(granted.filter(isScope).flatMap((s) => IMPLIED[s]));
  return required.every((scope) => effective.has(scope));
}
