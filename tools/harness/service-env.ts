import { ENV_KEYS } from '../../src/common/config/load-config';

/** A layer of service variables; `undefined` unsets a variable a lower layer set (e.g. QUEUE_PREFIX, for the default). */
export type ServiceEnv = Record<string, string | undefined>;

/** Variables of the service (all of them, from its own list) that must not leak in from the shell running a suite. */
export const SERVICE_KEYS: readonly string[] = [...ENV_KEYS, 'PGAPPNAME'];

/**
 * The environment of a spawned service process: this process's environment without any service
 * variable, then each layer in order (later layers win).
 */
export function serviceEnv(...layers: ServiceEnv[]): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const key of SERVICE_KEYS) delete env[key];
  for (const layer of layers) {
    for (const [key, value] of Object.entries(layer)) {
      if (value === undefined) delete env[key];
      else env[key] = value;
    }
  }
  return env;
}
