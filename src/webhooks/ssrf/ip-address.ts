import { isIPv4, isIPv6 } from 'node:net';

/**
 * An IP address as its bytes (4 for IPv4, 16 for IPv6), or null when `text` is not one. Accepts
 * what DNS answers and WHATWG URL hostnames hold: dotted-quad IPv4, IPv6 with `::`, an embedded
 * dotted quad, optional brackets and zone id (`fe80::1%eth0`).
 */
export function parseIp(text: string): Uint8Array | null {
  let address = text.startsWith('[') && text.endsWith(']') ? text.slice(1, -1) : text;
  const zone = address.indexOf('%');
  if (zone >= 0) address = address.slice(0, zone);
  if (isIPv4(address)) return Uint8Array.from(address.split('.').map(Number));
  if (!isIPv6(address)) return null;
  return parseIpv6(address);
}

function parseIpv6(address: string): Uint8Array {
  let tail: number[] = [];
  let text = address;
  const lastColon = text.lastIndexOf(':');
  if (text.includes('.', lastColon)) {
    // Embedded IPv4 (::ffff:1.2.3.4): its four bytes are the last two groups.
    tail = text
      .slice(lastColon + 1)
      .split('.')
      .map(Number);
    text = `${text.slice(0, lastColon + 1)}0:0`;
  }
  const [head, rest] = text.includes('::') ? text.split('::') : [text, undefined];
  const groups = (part: string) => (part === '' ? [] : part.split(':').map((g) => parseInt(g, 16)));
  const left = groups(head);
  const right = rest === undefined ? [] : groups(rest);
  const all = [...left, ...new Array<number>(8 - left.length - right.length).fill(0), ...right];
  const bytes = new Uint8Array(16);
  all.forEach((group, i) => {
    bytes[i * 2] = group >> 8;
    bytes[i * 2 + 1] = group & 0xff;
  });
  if (tail.length === 4) bytes.set(tail, 12);
  return bytes;
}

/** Whether the first `bits` bits of `address` equal those of `prefix` (same length). */
export function inPrefix(address: Uint8Array, prefix: Uint8Array, bits: number): boolean {
  if (address.length !== prefix.length) return false;
  const whole = bits >> 3;
  for (let i = 0; i < whole; i++) if (address[i] !== prefix[i]) return false;
  const remaining = bits & 7;
  if (remaining === 0) return true;
  const mask = (0xff << (8 - remaining)) & 0xff;
  return (address[whole] & mask) === (prefix[whole] & mask);
}
