import fc from 'fast-check';
import { BlockList } from 'node:net';
import { BLOCKED_CIDRS, blockedRange } from './address-classifier';
import { parseIp } from './ip-address';

/** Node's own BlockList over the same CIDRs: an independent implementation to compare with. */
function oracle(family: 'ipv4' | 'ipv6'): BlockList {
  const list = new BlockList();
  for (const cidr of BLOCKED_CIDRS) {
    const [address, bits] = cidr.split('/');
    if (address.includes(':') === (family === 'ipv6')) list.addSubnet(address, Number(bits), family);
  }
  return list;
}

const hex = (n: number) => n.toString(16);
/** a.b.c.d → the two hex groups "xxxx:yyyy" of the same four bytes. */
const asGroups = (v4: string) => {
  const [a, b, c, d] = v4.split('.').map(Number);
  return `${hex((a << 8) | b)}:${hex((c << 8) | d)}`;
};
/** Addresses whose IPv4 part decides (IPv4-mapped, NAT64, 6to4). */
const embedsIpv4 = (bytes: Uint8Array) =>
  (bytes.slice(0, 10).every((b) => b === 0) && bytes[10] === 0xff && bytes[11] === 0xff) ||
  (bytes[0] === 0 && bytes[1] === 0x64 && bytes[2] === 0xff && bytes[3] === 0x9b && bytes.slice(4, 12).every((b) => b === 0)) ||
  (bytes[0] === 0x20 && bytes[1] === 0x02);

describe('blockedRange (SSRF address classifier)', () => {
  it.each([
    ['127.0.0.1', 'loopback'],
    ['127.255.0.9', 'loopback'],
    ['10.1.2.3', 'private (RFC 1918)'],
    ['172.31.255.255', 'private (RFC 1918)'],
    ['192.168.0.1', 'private (RFC 1918)'],
    ['100.64.0.1', 'carrier-grade NAT'],
    ['169.254.169.254', 'cloud metadata'],
    ['169.254.1.1', 'link-local'],
    ['0.0.0.0', 'unspecified ("this network")'],
    ['224.0.0.1', 'multicast'],
    ['255.255.255.255', 'reserved (including broadcast)'],
    ['::1', 'loopback'],
    ['::', 'unspecified'],
    ['fd00:ec2::254', 'cloud metadata'],
    ['fd12:3456::1', 'private (unique local)'],
    ['fe80::1%eth0', 'link-local'],
    ['[fe80::1]', 'link-local'],
    ['ff02::1', 'multicast'],
    ['::ffff:127.0.0.1', 'loopback, embedded in ::ffff:0:0/96'],
    ['::ffff:7f00:1', 'loopback, embedded in ::ffff:0:0/96'],
    ['::ffff:a9fe:a9fe', 'cloud metadata, embedded in ::ffff:0:0/96'],
    ['64:ff9b::10.0.0.1', 'private (RFC 1918), embedded in 64:ff9b::/96'],
    ['2002:7f00:1::', 'loopback, embedded in 2002::/16'],
    ['localhost', 'not an IP address'],
  ])('refuses %s as %s', (address, name) => {
    expect(blockedRange(address)).toBe(name);
  });

  it.each([
    '8.8.8.8',
    '1.1.1.1',
    '93.184.216.34',
    '172.32.0.1',
    '100.128.0.1',
    '2606:4700:4700::1111',
    '::ffff:8.8.8.8',
    '2002:808:808::1',
  ])('allows the public address %s', (address) => {
    expect(blockedRange(address)).toBeNull();
  });

  it('agrees with node:net BlockList on every IPv4 address (property)', () => {
    const list = oracle('ipv4');
    fc.assert(
      fc.property(fc.ipV4(), (address) => {
        expect(blockedRange(address) !== null).toBe(list.check(address, 'ipv4'));
      }),
      { numRuns: 5_000 },
    );
  });

  it('agrees with node:net BlockList on IPv6 addresses that embed no IPv4 address (property)', () => {
    const list = oracle('ipv6');
    fc.assert(
      fc.property(fc.ipV6(), (address) => {
        const bytes = parseIp(address);
        expect(bytes).not.toBeNull();
        fc.pre(!embedsIpv4(bytes as Uint8Array));
        expect(blockedRange(address) !== null).toBe(list.check(address, 'ipv6'));
      }),
      { numRuns: 5_000 },
    );
  });

  it('judges an IPv4-mapped, NAT64 or 6to4 address exactly like the IPv4 address inside it (property)', () => {
    fc.assert(
      fc.property(fc.ipV4(), (v4) => {
        const blocked = blockedRange(v4) !== null;
        for (const wrapped of [`::ffff:${v4}`, `::ffff:${asGroups(v4)}`, `64:ff9b::${v4}`, `2002:${asGroups(v4)}::1`]) {
          expect(blockedRange(wrapped) !== null).toBe(blocked);
        }
      }),
      { numRuns: 2_000 },
    );
  });

  it('parses every IPv6 spelling of an address to the same bytes as its canonical form (property)', () => {
    fc.assert(
      fc.property(fc.ipV6(), (address) => {
        const canonical = new URL(`http://[${address}]/`).hostname;
        expect(parseIp(canonical)).toEqual(parseIp(address));
      }),
    );
  });
});
