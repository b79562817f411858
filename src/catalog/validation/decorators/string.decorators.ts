import { hasControlCharacters, isBlankString, isStringOfLength } from '../rules/strings';
import { Satisfies } from './satisfies.decorator';

export function stringLengthMessage(min: number, max: number): string {
  return min === 0 ? `must be a string of at most ${max} characters` : `must be a string of ${min} to ${max} characters`;
}

export function IsStringOfLength(min: number, max: number, message = stringLengthMessage(min, max)): PropertyDecorator {
  return Satisfies('stringLength', (value) => isStringOfLength(value, min, max), message);
}

export function NotBlank(): PropertyDecorator {
  return Satisfies('notBlank', (value) => !isBlankString(value), 'must contain a non-whitespace character');
}

export function NoControlCharacters(): PropertyDecorator {
  return Satisfies('noControlCharacters', (value) => !hasControlCharacters(value), 'must not contain control characters');
}
