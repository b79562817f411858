import { inPrefix, parseIp } from './ip-address';

/** A range a webhook may not target, and what to call it in an error message. */
interface BlockedRange {
  cidr: string;
  name: string;
  prefix: Uint8Array;
  bits: number;
}

/** IPv6 ranges whose addresses carry an IPv4 address (last 4 bytes, or bytes 2–5 for 6to4): judged by that address. */
const EMBEDS_IPV4: Array<{ cidr: string; offset: number }> = [
  { cidr: '::ffff:0:0/96', offset: 12 }, // IPv4-mapped
  { cidr: '64:ff9b::/96', offset: 12 }, // NAT64
  { cidr: '2002::/16', offset: 2 }, // 6to4
];

/**
 * Not reachable on the public internet, or not a unicast host: loopback, private (RFC 1918, ULA),
 * link-local, carrier-grade NAT, cloud metadata, unspecified, multicast, and the reserved,
 * documentation and transition ranges (the most specific names come first).
 */
const BLOCKED: ReadonlyArray<Omit<BlockedRange, 'prefix' | 'bits'>> = [
  { cidr: '169.254.169.254/32', name: 'cloud metadata' },
  { cidr: '0.0.0.0/8', name: 'unspecified ("this network")' },
  { cidr: '10.0.0.0/8', name: 'private (RFC 1918)' },
  { cidr: '100.64.0.0/10', name: 'carrier-grade NAT' },
  { cidr: '127.0.0.0/8', name: 'loopback' },
  { cidr: '169.254.0.0/16', name: 'link-local' },
  { cidr: '172.16.0.0/12', name: 'private (RFC 1918)' },
  { cidr: '192.0.0.0/24', name: 'reserved (IETF protocol assignments)' },
  { cidr: '192.0.2.0/24', name: 'documentation' },
  { cidr: '192.88.99.0/24', name: 'reserved (6to4 relay)' },
  { cidr: '192.168.0.0/16', name: 'private (RFC 1918)' },
  { cidr: '198.18.0.0/15', name: 'reserved (benchmarking)' },
  { cidr: '198.51.100.0/24', name: 'documentation' },
  { cidr: '203.0.113.0/24', name: 'documentation' },
  { cidr: '224.0.0.0/4', name: 'multicast' },
  { cidr: '240.0.0.0/4', name: 'reserved (including broadcast)' },
  { cidr: 'fd00:ec2::254/128', name: 'cloud metadata' },
  { cidr: '::/128', name: 'unspecified' },
  { cidr: '::1/128', name: 'loopback' },
  { cidr: '::/96', name: 'reserved (IPv4-compatible)' },
  { cidr: '64:ff9b:1::/48', name: 'private (local-use NAT64)' },
  { cidr: '100::/64', name: 'reserved (discard-only)' },
  { cidr: '2001::/32', name: 'reserved (Teredo)' },
  { cidr: '2001:db8::/32', name: 'documentation' },
  { cidr: 'fc00::/7', name: 'private (unique local)' },
  { cidr: 'fe80::/10', name: 'link-local' },
  { cidr: 'fec0::/10', name: 'reserved (site-local)' },
  { cidr: 'ff00::/8', name: 'multicast' },
];

function compile(cidr: string): { prefix: Uint8Array; bits: number } {
  const [address, bits] = cidr.split('/');
  const prefix = parseIp(address);
  if (!prefix) throw new Error(`bad CIDR ${cidr}`);
  return { prefix, bits: Number(bits) };
}

const RANGES: BlockedRange[] = BLOCKED.map((range) => ({ ...range, ...compile(range.cidr) }));
const EMBEDDING = EMBEDS_IPV4.map((range) => ({ ...range, ...compile(range.cidr) }));

/** Every blocked range as a CIDR string (for tests and documentation). */
export const BLOCKED_CIDRS: readonly string[] = BLOCKED.map((range) => range.cidr);

/**
 * Why a webhook may not connect to `address` ("loopback", "private (RFC 1918)", …), or null when it
 * is a public unicast address. Anything that is not an IP address is refused too.
 */
export function blockedRange(address: string): string | null {
  const bytes = parseIp(address);
  if (!bytes) return 'not an IP address';
  return classify(bytes);
}

function classify(bytes: Uint8Array): string | null {
  if (bytes.length === 16) {
    for (const embedding of EMBEDDING) {
      if (inPrefix(bytes, embedding.prefix, embedding.bits)) {
        const inner = classify(bytes.slice(embedding.offset, embedding.offset + 4));
        return inner === null ? null : `${inner}, embedded in ${embedding.cidr}`;
      }
    }
  }
  return RANGES.find((range) => inPrefix(bytes, range.prefix, range.bits))?.name ?? null;
}
