// Where a webhook may go (ARCHITECTURE 6): only to public unicast addresses, checked AFTER DNS
// resolution, and the request connects to the very address that was checked (pinned through
// the request's `lookup`), so a name that answers a public address to the check and a private
// one to the connection (DNS rebinding) cannot reach inside. Refused: loopback, private
// (10/8, 172.16/12, 192.168/16), link-local (169.254/16, fe80::/10), unique-local (fc00::/7),
// multicast, unspecified, carrier-grade NAT, broadcast, reserved and the other special ranges
// ipaddr.js names; an IPv4-mapped IPv6 address is judged as its IPv4 address.
// WEBHOOK_ALLOW_PRIVATE=on lifts the check (tests and local receivers only).
import dns from 'node:dns';
import net from 'node:net';
import ipaddr from 'ipaddr.js';

export class AddressRefusedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'AddressRefusedError';
  }
}

/** The ipaddr.js range of an address: 'unicast' is a public address; anything else is refused. */
export function addressRange(address: string): string {
  return ipaddr.process(address).range();
}

export function isPublicAddress(address: string): boolean {
  return net.isIP(address) !== 0 && addressRange(address) === 'unicast';
}

export interface PinnedAddress {
  address: string;
  family: 4 | 6;
}

export type Resolver = (hostname: string) => Promise<Array<{ address: string; family: number }>>;

const systemResolver: Resolver = (hostname) => dns.promises.lookup(hostname, { all: true, verbatim: true });

/**
 * Resolves the URL's host and checks every address it answers; returns the address the
 * request must connect to. Throws AddressRefusedError for a refused address or an unknown host.
 */
export async function resolveWebhookAddress(url: URL, allowPrivate: boolean, resolve: Resolver = systemResolver): Promise<PinnedAddress> {
  const host = url.hostname.startsWith('[') ? url.hostname.slice(1, -1) : url.hostname;
  let answers: Array<{ address: string; family: number }>;
  if (net.isIP(host) !== 0) {
    answers = [{ address: host, family: net.isIP(host) }];
  } else {
    try {
      answers = await resolve(host);
    } catch {
      throw new AddressRefusedError(`The host ${host} could not be resolved.`);
    }
  }
  if (answers.length === 0) throw new AddressRefusedError(`The host ${host} could not be resolved.`);
  if (!allowPrivate) {
    for (const answer of answers) {
      if (!isPublicAddress(answer.address)) {
        throw new AddressRefusedError(`The webhook address ${answer.address} (${addressRange(answer.address)}) is not a public address.`);
      }
    }
  }
  const first = answers[0]!;
  return { address: first.address, family: first.family === 6 ? 6 : 4 };
}

type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | dns.LookupAddress[], family?: number) => void;

/** A `lookup` for http.request that answers only the pinned address, in either calling style. */
export function pinnedLookup(pinned: PinnedAddress) {
  return (_hostname: string, options: dns.LookupOptions | number | LookupCallback, callback?: LookupCallback): void => {
    const done = (typeof options === 'function' ? options : callback)!;
    const all = typeof options === 'object' && options !== null && options.all === true;
    if (all) done(null, [{ address: pinned.address, family: pinned.family }]);
    else done(null, pinned.address, pinned.family);
  };
}
