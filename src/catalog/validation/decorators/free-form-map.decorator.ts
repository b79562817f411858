import 'reflect-metadata';
import { Transform, Type } from 'class-transformer';
import { composeDecorators } from './satisfies.decorator';

const FREE_FORM_MAP = Symbol('catalog:freeFormMap');

/**
 * class-transformer copies objects lossily (it drops `__proto__`, `constructor` and keys named
 * like Object.prototype methods), so the map is validated on the object the feed sent.
 */
const keepSourceValue = ({ obj, key }: { obj: Record<string, unknown>; key: string }): unknown => obj[key];

/**
 * Marks a property holding a free-form JSON object (e.g. attributes). The explicit type stops
 * class-transformer from guessing a class from a `constructor` key, which would throw.
 */
export function FreeFormMap(): PropertyDecorator {
  return composeDecorators(
    (target, propertyKey) => Reflect.defineMetadata(FREE_FORM_MAP, true, target, propertyKey),
    Type(() => Object),
    Transform(keepSourceValue),
  );
}

export function isFreeFormMap(dto: { prototype: object }, propertyName: string): boolean {
  return Reflect.getMetadata(FREE_FORM_MAP, dto.prototype, propertyName) === true;
}
