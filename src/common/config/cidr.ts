import { isIP } from 'node:net';
import { ValidatorConstraint, type ValidatorConstraintInterface } from 'class-validator';

/** True for an IPv4/IPv6 address, alone or with a prefix length its family allows (10.0.0.0/8, fd00::/8). */
export function isCidr(text: string): boolean {
  const [address, prefix, ...rest] = text.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
}

@ValidatorConstraint({ name: 'cidr' })
export class CidrConstraint implements ValidatorConstraintInterface {
  validate(value: unknown): boolean {
    return typeof value === 'string' && isCidr(value);
  }

  defaultMessage(): string {
    return 'TRUSTED_PROXIES must list IP addresses or CIDR blocks like 10.0.0.0/8 or fd00::/8';
  }
}
