import type { FieldErrorSink } from './field-error-list';
import { childKeyPath, indexSegment } from './json-path';
import { isContainer } from './rules/json-types';
import { isStorableString, UNSTORABLE_MESSAGE } from './rules/storable-string';

/** Paths stop growing past this depth so a 100,000-level element yields a short path. */
const MAX_PATH_DEPTH = 32;
const ELIDED = '…';

interface Frame {
  value: object;
  path: string;
  depth: number;
}

function childPath(parent: Frame, segment: string | number): string {
  if (parent.depth >= MAX_PATH_DEPTH) return parent.depth === MAX_PATH_DEPTH ? parent.path + ELIDED : parent.path;
  return typeof segment === 'number' ? parent.path + indexSegment(segment) : childKeyPath(parent.path, segment);
}

/**
 * Reports every string (value or key, at any depth, known field or not) that PostgreSQL jsonb
 * cannot store. There can be tens of thousands: once `errors` is full they are only counted.
 * Iterative, because elements can nest 100,000 levels.
 */
export function findUnstorableStrings(root: object, errors: FieldErrorSink): void {
  // Breadth-first through a queue: no recursion, and errors come out in document order by level.
  const queue: Frame[] = [{ value: root, path: '', depth: 0 }];
  for (let next = 0; next < queue.length; next++) {
    const frame = queue[next];
    if (Array.isArray(frame.value)) {
      const items: unknown[] = frame.value;
      for (let i = 0; i < items.length; i++) {
        const item = items[i];
        if (typeof item === 'string') {
          if (!isStorableString(item)) report(errors, frame, i);
        } else if (isContainer(item)) {
          queue.push({ value: item, path: childPath(frame, i), depth: frame.depth + 1 });
        }
      }
      continue;
    }
    const record = frame.value as Record<string, unknown>;
    for (const key of Object.keys(record)) {
      const item = record[key];
      const badKey = !isStorableString(key);
      if (badKey || (typeof item === 'string' && !isStorableString(item))) report(errors, frame, key);
      if (isContainer(item)) queue.push({ value: item, path: childPath(frame, key), depth: frame.depth + 1 });
    }
  }
}

function report(errors: FieldErrorSink, frame: Frame, segment: string | number): void {
  if (errors.full) errors.more();
  else errors.add(childPath(frame, segment), UNSTORABLE_MESSAGE);
}
