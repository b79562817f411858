import { indexSegment } from '../json-path';
import { Satisfies } from './satisfies.decorator';
import { SubFieldError } from './error-details';

export function IsJsonArray(): PropertyDecorator {
  return Satisfies('jsonArray', (value) => Array.isArray(value), 'must be an array');
}

export function MaxItems(max: number): PropertyDecorator {
  return Satisfies('maxItems', (value) => !Array.isArray(value) || value.length <= max, `must be at most ${max} items`);
}

/** Like `each: true`, but reports every failing item under its own `[index]` path. */
export function EachItem(itemTest: (item: unknown) => boolean, itemMessage: string): PropertyDecorator {
  const explain = (value: unknown): SubFieldError[] => {
    const failures: SubFieldError[] = [];
    if (!Array.isArray(value)) return failures;
    value.forEach((item, index) => {
      if (!itemTest(item)) failures.push({ path: indexSegment(index), message: itemMessage });
    });
    return failures;
  };
  return Satisfies('eachItem', (value) => !Array.isArray(value) || value.every((item) => itemTest(item)), itemMessage, { explain });
}
