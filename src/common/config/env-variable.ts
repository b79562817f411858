import { Transform } from 'class-transformer';
import {
  IsArray,
  IsBoolean,
  IsIn,
  IsInt,
  IsNumber,
  IsString,
  Matches,
  Max,
  Min,
  Validate,
  type ValidatorConstraintInterface,
} from 'class-validator';
import { DriverUrlConstraint } from './driver-url';

/**
 * One environment variable: how it is parsed and checked, its value when unset, and the line the
 * documentation table shows. `environment.ts` declares every variable with these builders.
 */
export interface EnvVariable<T> {
  /** The values it accepts, as the documentation table shows them. */
  readonly accepts: string;
  /** Its value when unset; a function of the other (already defaulted) values when it follows one. */
  readonly fallback: T | ((env: Readonly<Record<string, unknown>>) => T);
  /** The default as the documentation table shows it. */
  readonly shownDefault: string;
  readonly doc: string;
  /** The class-transformer and class-validator decorators that parse and check it, top to bottom. */
  decorators(name: string): PropertyDecorator[];
}

interface Described<T> {
  fallback: T | ((env: Readonly<Record<string, unknown>>) => T);
  /** Shown instead of the fallback where that is computed or a placeholder. */
  shownDefault?: string;
  doc: string;
}

const blankIsUnset = Transform(({ value }: { value: unknown }) => (value === '' ? undefined : value));

const toInt = ({ value }: { value: unknown }): unknown =>
  value === undefined || value === '' ? undefined : /^-?\d+$/.test(String(value)) ? Number(value) : value;

const toDecimal = ({ value }: { value: unknown }): unknown =>
  value === undefined || value === '' ? undefined : /^\d+(\.\d+)?$/.test(String(value)) ? Number(value) : value;

const toBoolean = ({ value }: { value: unknown }): unknown => {
  if (value === undefined || value === '') return undefined;
  if (value === 'true' || value === '1') return true;
  if (value === 'false' || value === '0') return false;
  return value;
};

/** A comma-separated list; blank entries dropped. */
const toList = ({ value }: { value: unknown }): unknown =>
  value === undefined || value === ''
    ? undefined
    : String(value)
        .split(',')
        .map((item) => item.trim())
        .filter((item) => item !== '');

/** Unset, empty and empty-list defaults all read as an empty value in the table. */
const shown = (value: unknown): string =>
  value === null || value === undefined || value === '' || (Array.isArray(value) && value.length === 0) ? '""' : String(value);
const grouped = (n: number): string => n.toLocaleString('en-US');

function variable<T>(options: Described<T>, accepts: string, decorators: (name: string) => PropertyDecorator[]): EnvVariable<T> {
  const { fallback, doc } = options;
  return { accepts, fallback, doc, decorators, shownDefault: options.shownDefault ?? shown(fallback) };
}

/** A whole number within bounds (an empty value is unset). */
export function int(options: Described<number> & { min: number; max?: number }): EnvVariable<number> {
  const { min, max } = options;
  const accepts = max === undefined ? `integer ≥ ${grouped(min)}` : `integer ${grouped(min)}–${grouped(max)}`;
  return variable(options, accepts, () => [Transform(toInt), IsInt(), Min(min), ...(max === undefined ? [] : [Max(max)])]);
}

/** A decimal number like 0.25 within bounds (an empty value is unset). */
export function decimal(options: Described<number> & { min: number; max: number }): EnvVariable<number> {
  const { min, max } = options;
  return variable(options, `decimal ${min}–${max}`, (name) => [
    Transform(toDecimal),
    IsNumber({}, { message: `${name} must be a decimal number from ${min} to ${max}` }),
    Min(min),
    Max(max),
  ]);
}

/** true/false, also written 1/0 (an empty value is unset). */
export function flag(options: Described<boolean>): EnvVariable<boolean> {
  return variable(options, '`true`, `false` (or `1`, `0`)', (name) => [
    Transform(toBoolean),
    IsBoolean({ message: `${name} must be true or false` }),
  ]);
}

/** One of a few words. */
export function oneOf<const V extends readonly string[]>(
  values: V,
  options: Described<V[number]> & { blankIsUnset?: boolean; message?: string },
): EnvVariable<V[number]> {
  return variable(options, values.map((value) => `\`${value}\``).join(', '), () => [
    ...(options.blankIsUnset ? [blankIsUnset] : []),
    IsIn(values as unknown as string[], options.message ? { message: options.message } : undefined),
  ]);
}

/**
 * Free text, or text matching `pattern`, and for a URL one its driver's parser accepts (the message
 * names the variable and the form, never the value).
 */
export function text<F extends string | null | undefined>(
  options: Described<F> & { accepts: string; pattern?: RegExp; message?: string; blankIsUnset?: boolean; driverUrl?: 'postgres' | 'redis' },
): EnvVariable<string | F> {
  const { pattern, message, driverUrl } = options;
  return variable<string | F>(options, options.accepts, () => [
    ...(options.blankIsUnset ? [blankIsUnset] : []),
    pattern ? Matches(pattern, { message }) : IsString(),
    ...(driverUrl ? [Validate(DriverUrlConstraint, [driverUrl])] : []),
  ]);
}

/** A comma-separated list whose entries each match `pattern` or pass `constraint` (an empty value is unset). */
export function list(
  options: Described<string[]> & {
    accepts: string;
    message: string;
    each: { pattern: RegExp; message: string } | { constraint: new () => ValidatorConstraintInterface };
  },
): EnvVariable<string[]> {
  const { each, message } = options;
  return variable(options, options.accepts, () => [
    Transform(toList),
    IsArray({ message }),
    'pattern' in each ? Matches(each.pattern, { each: true, message: each.message }) : Validate(each.constraint, { each: true }),
  ]);
}
