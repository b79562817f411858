import { plainToInstance } from 'class-transformer';
import { IsOptional, validateSync } from 'class-validator';
import { appConfigOf, type AppConfig } from './app-config';
import { ENV_KEYS, ENVIRONMENT, type Environment } from './environment';

export { ENV_KEYS } from './environment';

export class ConfigValidationError extends Error {}

/** What class-validator checks: one property per variable, carrying the decorators its declaration gives. */
class EnvironmentInput {}
for (const [name, variable] of Object.entries(ENVIRONMENT)) {
  // Applied bottom-up, as TypeScript applies decorators written above a property.
  for (const decorate of [IsOptional(), ...variable.decorators(name)].reverse()) decorate(EnvironmentInput.prototype, name);
}

/**
 * Validates an environment and turns it into AppConfig. The only place that reads process.env;
 * a bad value stops boot with a message naming the variable, never its value (a mistyped URL
 * may hold a password, and boot errors end up in logs).
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const input = plainToInstance(EnvironmentInput, pickDefined(env), { exposeDefaultValues: false }) as Record<string, unknown>;
  const errors = validateSync(input, { forbidUnknownValues: false });
  if (errors.length > 0) {
    const details = errors.map((e) => `${e.property}: ${Object.values(e.constraints ?? {}).join('; ')}`).join('\n  ');
    throw new ConfigValidationError(`Invalid configuration:\n  ${details}`);
  }
  const values = withDefaults(input);
  if (!values.WEBHOOK_SECRET_KEY && values.NODE_ENV === 'production' && !values.WEBHOOK_SECRETS_PLAINTEXT) {
    throw new ConfigValidationError(
      'Invalid configuration:\n  WEBHOOK_SECRET_KEY is required when NODE_ENV=production (openssl rand -base64 32), ' +
        'or set WEBHOOK_SECRETS_PLAINTEXT=true to store webhook secrets in plain text',
    );
  }
  return appConfigOf(values);
}

/** Only the variables this service defines, so unrelated environment entries are never validated. */
function pickDefined(env: NodeJS.ProcessEnv): Record<string, string> {
  const out: Record<string, string> = {};
  for (const key of ENV_KEYS) {
    const value = env[key];
    if (value !== undefined) out[key] = value;
  }
  return out;
}

/** The validated values, each unset one at its default (those computed from others last). */
function withDefaults(input: Record<string, unknown>): Environment {
  const values: Record<string, unknown> = {};
  const computed: string[] = [];
  for (const [name, variable] of Object.entries(ENVIRONMENT)) {
    if (input[name] !== undefined) values[name] = input[name];
    else if (typeof variable.fallback === 'function') computed.push(name);
    else values[name] = variable.fallback;
  }
  for (const name of computed) values[name] = (ENVIRONMENT[name as keyof typeof ENVIRONMENT].fallback as (env: object) => unknown)(values);
  return values as Environment;
}
