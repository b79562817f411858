import { indexSegment } from '../json-path';
import { Satisfies } from './satisfies.decorator';
import type { FieldErrorSink } from '../field-error-list';

export function IsJsonArray(): PropertyDecorator {
  return Satisfies('jsonArray', (value) => Array.isArray(value), 'must be an array');
}

export function MaxItems(max: number): PropertyDecorator {
  return Satisfies('maxItems', (value) => !Array.isArray(value) || value.length <= max, `must be at most ${max} items`);
}

/** Like `each: true`, but reports every failing item under its own `[index]` path. */
export function EachItem(itemTest: (item: unknown) => boolean, itemMessage: string): PropertyDecorator {
  const explain = (value: unknown, out: FieldErrorSink): void => {
    if (!Array.isArray(value)) return;
    const items: unknown[] = value;
    for (let index = 0; index < items.length; index++) {
      if (itemTest(items[index])) continue;
      if (out.full) out.more();
      else out.add(indexSegment(index), itemMessage);
    }
  };
  return Satisfies('eachItem', (value) => !Array.isArray(value) || value.every((item) => itemTest(item)), itemMessage, { explain });
}
