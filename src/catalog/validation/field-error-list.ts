import { boundedText } from '../../common/text/bounded-text';
import { toStorableString } from '../../common/text/storable-string';
import type { FieldError } from './field-error';

/** Errors kept per element; the rest are only counted, in one summary entry. */
export const MAX_FIELD_ERRORS = 20;
/** Longest field path and message kept (UTF-16 code units); a path can quote a 256 KiB key. */
export const MAX_FIELD_LENGTH = 256;
export const MAX_MESSAGE_LENGTH = 256;

/** What validation code reports into; `full` lets a loop over 100,000 items stop building paths. */
export interface FieldErrorSink {
  /** True once further errors are only counted: callers may then call more() instead of add(). */
  readonly full: boolean;
  /** Errors reported so far, kept or counted. */
  readonly size: number;
  add(field: string, message: string): void;
  more(count?: number): void;
}

/**
 * The errors of one element: the first MAX_FIELD_ERRORS, each storable (no NUL, no lone
 * surrogate) and bounded in length, plus an exact count of the others. An element with 131,000
 * bad items costs a counter, not 131,000 objects.
 */
export class FieldErrorList implements FieldErrorSink {
  private readonly kept: FieldError[] = [];
  private omitted = 0;

  constructor(private readonly limit = MAX_FIELD_ERRORS) {}

  get full(): boolean {
    return this.kept.length >= this.limit;
  }

  get size(): number {
    return this.kept.length + this.omitted;
  }

  add(field: string, message: string): void {
    if (this.full) {
      this.omitted++;
      return;
    }
    this.kept.push({ field: storableBounded(field, MAX_FIELD_LENGTH), message: storableBounded(message, MAX_MESSAGE_LENGTH) });
  }

  more(count = 1): void {
    this.omitted += count;
  }

  /** The kept errors, then `{"field":"","message":"… and N more errors"}` when some were only counted. */
  toArray(): FieldError[] {
    if (this.omitted === 0) return [...this.kept];
    return [...this.kept, moreErrorsEntry(this.omitted)];
  }
}

export function moreErrorsEntry(count: number): FieldError {
  return { field: '', message: `… and ${count.toLocaleString('en-US')} more error${count === 1 ? '' : 's'}` };
}

/** Bounded first, so a 256 KiB key is never scanned for unstorable characters in full. */
function storableBounded(text: string, maxLength: number): string {
  return toStorableString(boundedText(text, maxLength));
}

/** A sink that reports into `target` under a path prefix (sub-errors of one property). */
export function prefixedSink(target: FieldErrorSink, prefix: string): FieldErrorSink {
  return {
    get full() {
      return target.full;
    },
    get size() {
      return target.size;
    },
    add: (field, message) => (target.full ? target.more() : target.add(prefix + field, message)),
    more: (count) => target.more(count),
  };
}
