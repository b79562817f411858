import 'reflect-metadata';
import { getMetadataStorage, ValidationTypes } from 'class-validator';
import { isFreeFormMap } from './decorators/free-form-map.decorator';

/** What a DTO accepts, as far as object values are concerned. */
export interface SchemaShape {
  keys: ReadonlySet<string>;
  /** Properties holding a nested DTO (e.g. price → MoneyDto). */
  nested: ReadonlyMap<string, SchemaShape>;
  /** Free-form objects marked with @FreeFormMap, e.g. attributes. */
  maps: ReadonlySet<string>;
  /** Properties declared as arrays (emitted `design:type` Array), e.g. tags. */
  arrays: ReadonlySet<string>;
}

type DtoClass = new () => object;

/**
 * Derived from the DTO's decorators (the nested class from the emitted `design:type`), so
 * adding a decorated DTO property is enough to make the field known.
 */
export function schemaShapeOf(dto: DtoClass): SchemaShape {
  const metadatas = getMetadataStorage().getTargetValidationMetadatas(dto, '', true, false);
  const keys = new Set<string>();
  const nested = new Map<string, SchemaShape>();
  const maps = new Set<string>();
  const arrays = new Set<string>();
  for (const { propertyName, type } of metadatas) {
    keys.add(propertyName);
    if (isFreeFormMap(dto, propertyName)) maps.add(propertyName);
    if (Reflect.getMetadata('design:type', dto.prototype, propertyName) === Array) arrays.add(propertyName);
    if (type === ValidationTypes.NESTED_VALIDATION && !nested.has(propertyName)) {
      const designType: unknown = Reflect.getMetadata('design:type', dto.prototype, propertyName);
      if (typeof designType !== 'function') throw new Error(`${dto.name}.${propertyName}: nested DTO type is not emitted`);
      nested.set(propertyName, schemaShapeOf(designType as DtoClass));
    }
  }
  return { keys, nested, maps, arrays };
}
