import { ValidatorConstraint, type ValidationArguments, type ValidatorConstraintInterface } from 'class-validator';
import { parse as parsePostgresUrl } from 'pg-connection-string';

/**
 * The URL variables are parsed at configuration time by the parsers their drivers use (pg's
 * pg-connection-string; ioredis and ensureDatabase use WHATWG URL), so a URL the driver would
 * reject stops boot with a message naming the variable. Left to the driver, the failure (Node's
 * ERR_INVALID_URL) carries the whole URL, password included, into the logs.
 */
export function isPostgresUrl(value: string): boolean {
  try {
    new URL(value);
    const parsed = parsePostgresUrl(value);
    return Boolean(parsed.host) && validPort(parsed.port);
  } catch {
    return false;
  }
}

export function isRedisUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.hostname !== '' && validPort(url.port);
  } catch {
    return false;
  }
}

function validPort(port: string | null | undefined): boolean {
  return !port || (/^\d{1,5}$/.test(port) && Number(port) >= 1 && Number(port) <= 65_535);
}

const URL_CHECKS: Record<string, (value: string) => boolean> = { postgres: isPostgresUrl, redis: isRedisUrl };

/** `@Validate(DriverUrlConstraint, ['postgres' | 'redis'])`; its message never holds the value. */
@ValidatorConstraint({ name: 'driverUrl' })
export class DriverUrlConstraint implements ValidatorConstraintInterface {
  validate(value: unknown, args: ValidationArguments): boolean {
    const check = URL_CHECKS[String(args.constraints[0])];
    return typeof value === 'string' && check !== undefined && check(value);
  }

  defaultMessage(args: ValidationArguments): string {
    return `${args.property} is not a URL the ${String(args.constraints[0])} driver can use (check the host, the port 1–65535 and that special characters in the user name or password are percent-encoded)`;
  }
}
