import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import type { LookupFunction } from 'node:net';
import { blockedRange } from './address-classifier';
import { parseIp } from './ip-address';

/** A webhook URL or the address it resolves to is not allowed; the message says why (shown to clients). */
export class BlockedTargetError extends Error {}

export type Resolver = (hostname: string) => Promise<LookupAddress[]>;

const systemResolver: Resolver = (hostname) =>
  new Promise((resolve, reject) =>
    dnsLookup(hostname, { all: true, verbatim: true }, (error, addresses) => (error ? reject(error) : resolve(addresses))),
  );

/**
 * The SSRF guard of webhooks. A target must be an http(s) URL without credentials whose host is,
 * or resolves only to, public unicast addresses (address-classifier.ts). Checked when a webhook
 * is created, and again at each delivery by the lookup the connection itself uses (so a name that
 * resolves elsewhere later — DNS rebinding — is caught when it matters). `allowPrivate` keeps only
 * the URL checks.
 */
export class TargetGuard {
  constructor(
    private readonly allowPrivate: boolean,
    private readonly resolver: Resolver = systemResolver,
  ) {}

  /** The URL parsed, or BlockedTargetError. Does not resolve the host. */
  static parseUrl(raw: string): URL {
    let url: URL;
    try {
      url = new URL(raw);
    } catch {
      throw new BlockedTargetError('url must be an absolute http or https URL');
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new BlockedTargetError('url must use http or https');
    if (url.username || url.password) throw new BlockedTargetError('url must not contain credentials');
    if (!url.hostname) throw new BlockedTargetError('url must name a host');
    return url;
  }

  /** Resolves the URL's host now and refuses it if any address is not public. */
  async check(raw: string): Promise<URL> {
    const url = TargetGuard.parseUrl(raw);
    if (this.allowPrivate) return url;
    const literal = literalAddress(url);
    if (literal !== null) {
      this.assertPublic(url.hostname, [literal]);
      return url;
    }
    let addresses: LookupAddress[];
    try {
      addresses = await this.resolver(url.hostname);
    } catch (error) {
      throw new BlockedTargetError(`url host ${url.hostname} could not be resolved (${(error as NodeJS.ErrnoException).code ?? 'error'})`);
    }
    this.assertPublic(
      url.hostname,
      addresses.map((a) => a.address),
    );
    return url;
  }

  /**
   * A `lookup` for http.request: resolves, refuses if any address is blocked, and hands the checked
   * addresses to the socket, which connects to one of them and nothing else. (Node skips `lookup`
   * for IP-literal hosts: checkLiteral covers those.)
   */
  lookup(): LookupFunction {
    return (hostname, options, callback) => {
      this.resolver(hostname).then(
        (addresses) => {
          try {
            if (!this.allowPrivate)
              this.assertPublic(
                hostname,
                addresses.map((a) => a.address),
              );
          } catch (error) {
            return callback(error as NodeJS.ErrnoException, '', 0);
          }
          const family = options.family === 6 ? 6 : options.family === 4 ? 4 : 0;
          const usable = family === 0 ? addresses : addresses.filter((a) => a.family === family);
          if (usable.length === 0) return callback(Object.assign(new Error(`no address for ${hostname}`), { code: 'ENOTFOUND' }), '', 0);
          if (options.all) return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, usable);
          callback(null, usable[0].address, usable[0].family);
        },
        (error: NodeJS.ErrnoException) => callback(error, '', 0),
      );
    };
  }

  /** Refuses an IP-literal host that is not public (no DNS involved, so `lookup` never sees it). */
  checkLiteral(url: URL): void {
    const literal = literalAddress(url);
    if (literal !== null && !this.allowPrivate) this.assertPublic(url.hostname, [literal]);
  }

  private assertPublic(hostname: string, addresses: string[]): void {
    if (addresses.length === 0) throw new BlockedTargetError(`url host ${hostname} has no address`);
    for (const address of addresses) {
      const range = blockedRange(address);
      if (range === null) continue;
      const shown = address === hostname.replace(/^\[|\]$/g, '') ? address : `${hostname} resolves to ${address}`;
      throw new BlockedTargetError(`url is not allowed: ${shown}, a ${range} address; webhook targets must be public`);
    }
  }
}

/** The host as an address when the URL names one directly (WHATWG URL has already normalised it). */
function literalAddress(url: URL): string | null {
  const host = url.hostname.replace(/^\[|\]$/g, '');
  return parseIp(host) ? host : null;
}
