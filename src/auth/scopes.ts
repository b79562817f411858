export const SCOPES = ['accounts--my:ro', 'accounts--my:rw'] as const;
export type Scope = (typeof SCOPES)[number];

/** Scopes a granted scope satisfies: read-write implies read-only. */
const IMPLIED: Record<Scope, readonly Scope[]> = {
  'accounts--my:ro': ['accounts--my:ro'],
  'accounts--my:rw': ['accounts--my:rw', 'accounts--my:ro'],
};

export function isScope(value: string): value is Scope {
  return (SCOPES as readonly string[]).includes(value);
}

export function hasScopes(granted: readonly string[], required: readonly Scope[]): boolean {
  const effective = new Set<string>(granted.filter(isScope).flatMap((s) => IMPLIED[s]));
  return required.every((scope) => effective.has(scope));
}
