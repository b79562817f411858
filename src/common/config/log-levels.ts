import type { LogLevel } from '@nestjs/common';

const ORDER: Array<[string, LogLevel[]]> = [
  ['fatal', ['fatal']],
  ['error', ['fatal', 'error']],
  ['warn', ['fatal', 'error', 'warn']],
  ['info', ['fatal', 'error', 'warn', 'log']],
  ['debug', ['fatal', 'error', 'warn', 'log', 'debug']],
  ['trace', ['fatal', 'error', 'warn', 'log', 'debug', 'verbose']],
];

/** Nest logger levels enabled by LOG_LEVEL; `silent` disables logging. */
export function nestLogLevels(level: string): LogLevel[] | false {
  if (level === 'silent') return false;
  return ORDER.find(([name]) => name === level)?.[1] ?? ORDER[3][1];
}
