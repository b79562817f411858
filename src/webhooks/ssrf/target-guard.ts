import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import type { LookupFunction } from 'node:net';
import { blockedRange } from './address-classifier';
import { parseIp } from './ip-address';

/**
 * A webhook URL or the address it resolves to is not allowed. `message` is shown to clients and
 * never says what a name resolved to (that would map internal DNS); `detail` says it, for the
 * server log only.
 */
export class BlockedTargetError extends Error {
  constructor(
    message: string,
    readonly detail: string = message,
  ) {
    super(message);
  }
}

/**
 * The one answer for every host refused after DNS, whether it did not resolve or resolved to a
 * non-public address: two answers would tell which internal names exist.
 */
export const HOST_NOT_PUBLIC = 'url is not allowed: its host must resolve, and only to public addresses';
/** A literal address in the URL: the client typed it, so only its class is withheld for consistency. */
export const ADDRESS_NOT_PUBLIC = 'url is not allowed: webhook targets must be public addresses';
/** Ports a webhook may target unless private targets are allowed: no probing of SSH, databases, admin ports. */
export const ALLOWED_PORTS: readonly number[] = [80, 443, 8443];
export const PORT_NOT_ALLOWED = `url port must be one of ${ALLOWED_PORTS.join(', ')}`;

export type Resolver = (hostname: string) => Promise<LookupAddress[]>;

const systemResolver: Resolver = (hostname) =>
  new Promise((resolve, reject) =>
    dnsLookup(hostname, { all: true, verbatim: true }, (error, addresses) => (error ? reject(error) : resolve(addresses))),
  );

/**
 * The SSRF guard of webhooks. A target must be an http(s) URL without credentials, on port 80, 443
 * or 8443, whose host is, or resolves only to, public unicast addresses (address-classifier.ts).
 * Checked when a webhook is created, and again at each delivery by the lookup the connection
 * itself uses (so a name that resolves elsewhere later — DNS rebinding — is caught when it
 * matters). `allowPrivate` keeps only the scheme and credentials checks.
 */
export class TargetGuard {
  constructor(
    private readonly allowPrivate: boolean,
    private readonly resolver: Resolver = systemResolver,
  ) {}

  get allowsPrivate(): boolean {
    return this.allowPrivate;
  }

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

  /** Everything decidable without DNS: the URL's form, its port and a literal address. */
  checkUrl(raw: string): URL {
    const url = TargetGuard.parseUrl(raw);
    if (this.allowPrivate) return url;
    const port = url.port === '' ? (url.protocol === 'https:' ? 443 : 80) : Number(url.port);
    if (!ALLOWED_PORTS.includes(port)) throw new BlockedTargetError(PORT_NOT_ALLOWED, `${PORT_NOT_ALLOWED}: ${url.host}`);
    const literal = literalAddress(url);
    if (literal !== null) this.assertPublic(url.hostname, [literal]);
    return url;
  }

  /** Resolves the URL's host now and refuses it if any address is not public. */
  async check(raw: string): Promise<URL> {
    const url = this.checkUrl(raw);
    if (this.allowPrivate || literalAddress(url) !== null) return url;
    let addresses: LookupAddress[];
    try {
      addresses = await this.resolver(url.hostname);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code ?? 'error';
      throw new BlockedTargetError(HOST_NOT_PUBLIC, `${url.hostname} could not be resolved (${code})`);
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
   * for IP-literal hosts: checkUrl covers those.)
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

  private assertPublic(hostname: string, addresses: string[]): void {
    const literal = addresses.length === 1 && addresses[0] === hostname.replace(/^\[|\]$/g, '');
    if (addresses.length === 0) throw new BlockedTargetError(HOST_NOT_PUBLIC, `${hostname} has no address`);
    for (const address of addresses) {
      const range = blockedRange(address);
      if (range === null) continue;
      if (literal) throw new BlockedTargetError(ADDRESS_NOT_PUBLIC, `${address} is a ${range} address`);
      throw new BlockedTargetError(HOST_NOT_PUBLIC, `${hostname} resolves to ${address}, a ${range} address`);
    }
  }
}

/** The host as an address when the URL names one directly (WHATWG URL has already normalised it). */
function literalAddress(url: URL): string | null {
  const host = url.hostname.replace(/^\[|\]$/g, '');
  return parseIp(host) ? host : null;
}
