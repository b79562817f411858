import 'reflect-metadata';
import { getMetadataStorage, ValidationTypes } from 'class-validator';
import { REQUIRED_CONSTRAINT } from './decorators/presence.decorators';
import type { Predicate } from './decorators/satisfies.decorator';

type DtoClass = new () => object;

/** One property's rules as the DTO declares them. */
export interface DeclaredField {
  readonly required: boolean;
  /** Every Satisfies predicate on the property, called as class-validator calls it: (value, the object). */
  readonly predicates: readonly Predicate[];
  /** The nested DTO's own rules (@ValidateNested, its class from the emitted design:type). */
  readonly nested?: DeclaredRules;
}

export interface DeclaredRules {
  /** In declaration order. */
  readonly fields: ReadonlyMap<string, DeclaredField>;
  readonly requiredCount: number;
  /** What cannot be read back as a predicate (a raw class-validator decorator): empty when every rule is known. */
  readonly unreadable: readonly string[];
}

/**
 * A DTO's validation rules read back from class-validator's own metadata, so that code checking
 * values without class-validator (the import's fast path) runs exactly the rules the DTO declares.
 */
export function declaredRulesOf(dto: DtoClass): DeclaredRules {
  const unreadable: string[] = [];
  const byProperty = new Map<string, { required: boolean; optional: boolean; predicates: Predicate[]; nested?: DeclaredRules }>();
  for (const metadata of getMetadataStorage().getTargetValidationMetadatas(dto, '', true, false)) {
    const name = `${dto.name}.${metadata.propertyName}`;
    let field = byProperty.get(metadata.propertyName);
    if (field === undefined) byProperty.set(metadata.propertyName, (field = { required: false, optional: false, predicates: [] }));
    const predicate: unknown = metadata.constraints?.[0];
    if (metadata.type === ValidationTypes.CONDITIONAL_VALIDATION) field.optional = true;
    else if (metadata.type === ValidationTypes.NESTED_VALIDATION) field.nested = nestedRules(dto, metadata.propertyName, unreadable);
    else if (metadata.type === ValidationTypes.CUSTOM_VALIDATION && typeof predicate === 'function') {
      if (metadata.name === REQUIRED_CONSTRAINT) field.required = true;
      field.predicates.push(predicate as Predicate);
    } else unreadable.push(`${name}: ${metadata.name ?? metadata.type} is not a Satisfies rule`);
  }
  const fields = new Map<string, DeclaredField>();
  for (const [property, { required, optional, predicates, nested }] of byProperty) {
    if (required === optional) unreadable.push(`${dto.name}.${property} must be either @Required() or @OptionalNotNull()`);
    fields.set(property, nested ? { required, predicates, nested } : { required, predicates });
  }
  const requiredCount = [...fields.values()].filter((field) => field.required).length;
  return { fields, requiredCount, unreadable };
}

function nestedRules(dto: DtoClass, property: string, unreadable: string[]): DeclaredRules | undefined {
  const nested: unknown = Reflect.getMetadata('design:type', dto.prototype, property);
  if (typeof nested !== 'function') {
    unreadable.push(`${dto.name}.${property}: nested DTO type is not emitted`);
    return undefined;
  }
  const rules = declaredRulesOf(nested as DtoClass);
  unreadable.push(...rules.unreadable);
  return rules;
}
