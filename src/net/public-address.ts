import { lookup as dnsLookup } from 'node:dns/promises';
import type { LookupAddress } from 'node:dns';
import { isIP, type LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';

/**
 * The one guard of outbound connections (feed fetches now, webhook deliveries later; docs/spec-decisions.md §8):
 * - a URL must be https, carry no credentials, and name a host by domain name (never an IP literal);
 * - every address the name resolves to must be public, else the connection is refused;
 * - the connection goes to the address that was checked (the lookup hands its checked answer to the
 *   socket), so a name whose answer changes between check and connect cannot slip through.
 * Host names the operator lists in ALLOW_PRIVATE_HOSTS skip the address check (tests, local
 * development); nothing else does.
 */

export type RefusalReason = 'invalid_url' | 'scheme' | 'credentials' | 'ip_literal' | 'host' | 'port' | 'not_public' | 'unresolved';

/** A refused outbound URL or connection; the message is written for the owner to read. */
export class OutboundRefused extends Error {
  override readonly name = 'OutboundRefused';
  constructor(readonly reason: RefusalReason, message: string) {
    super(message);
  }
}

export type Resolver = (hostname: string) => Promise<LookupAddress[]>;

export interface OutboundPolicy {
  /** Host names (or IP literals) reached whatever their addresses; lowercase, exact match. Empty in production. */
  allowPrivateHosts: readonly string[];
  /** Name resolution; tests inject one. Default: the system resolver (dns.lookup, all addresses). */
  resolve?: Resolver;
}

/** The outbound rules every fetch follows: only the operator's allow-list loosens them. */
export function outboundPolicy(config: { allowPrivateHosts: readonly string[] }): OutboundPolicy {
  return { allowPrivateHosts: config.allowPrivateHosts };
}

export const STRICT_POLICY: OutboundPolicy = Object.freeze({ allowPrivateHosts: [] });

const systemResolver: Resolver = (hostname) => dnsLookup(hostname, { all: true, verbatim: true });

// ---------------------------------------------------------------------------------------------
// Addresses

export type AddressVerdict = { public: true } | { public: false; range: string };

// Named before ipaddr.js's broader labels (it files these under "reserved" or "linkLocal"), so a
// refusal says which range it met.
const NAMED_V4: [string, string][] = [
  ['169.254.169.254/32', 'cloud metadata (link-local)'],
  ['192.0.2.0/24', 'documentation (TEST-NET-1)'],
  ['198.51.100.0/24', 'documentation (TEST-NET-2)'],
  ['203.0.113.0/24', 'documentation (TEST-NET-3)'],
  ['198.18.0.0/15', 'benchmarking'],
];
const NAMED_V6: [string, string][] = [
  ['2001:db8::/32', 'documentation'],
  ['3fff::/20', 'documentation'],
  ['64:ff9b:1::/48', 'local-use IPv4/IPv6 translation'],
];
const V4_LABELS: Record<string, string> = {
  unspecified: 'unspecified', broadcast: 'broadcast', multicast: 'multicast', linkLocal: 'link-local', loopback: 'loopback',
  carrierGradeNat: 'carrier-grade NAT (100.64.0.0/10)', private: 'private (RFC 1918)', reserved: 'reserved', as112: 'AS112', amt: 'AMT',
};
const V6_LABELS: Record<string, string> = {
  unspecified: 'unspecified', linkLocal: 'link-local', multicast: 'multicast', loopback: 'loopback', uniqueLocal: 'unique local (fc00::/7)',
  deprecatedSiteLocal: 'site-local', discard: 'discard-only', benchmarking: 'benchmarking', reserved: 'reserved',
};

const parsedNamed = (list: [string, string][]) => list.map(([cidr, label]) => ({ range: ipaddr.parseCIDR(cidr), label }));
const NAMED_V4_PARSED = parsedNamed(NAMED_V4);
const NAMED_V6_PARSED = parsedNamed(NAMED_V6);
// Global unicast: everything public in IPv6 lies in 2000::/3.
const GLOBAL_UNICAST = ipaddr.parseCIDR('2000::/3');

function v4FromParts(hi: number, lo: number): ipaddr.IPv4 {
  return new ipaddr.IPv4([hi >> 8, hi & 0xff, lo >> 8, lo & 0xff]);
}

function classifyV4(a: ipaddr.IPv4): AddressVerdict {
  for (const { range, label } of NAMED_V4_PARSED) if (a.match(range)) return { public: false, range: label };
  const range = a.range();
  // Only plain unicast is public; as112/amt are anycast services nobody subscribes to.
  return range === 'unicast' ? { public: true } : { public: false, range: V4_LABELS[range] ?? range };
}

/** IPv6 forms that carry an IPv4 address; for NAT64, 6to4 and Teredo the v4 inside decides. */
function embeddedV4(a: ipaddr.IPv6): { v4: ipaddr.IPv4; how: string }[] | null {
  const p = a.parts;
  switch (a.range()) {
    case 'ipv4Mapped': return [{ v4: a.toIPv4Address(), how: 'IPv4-mapped' }];
    case 'rfc6145': return [{ v4: v4FromParts(p[6]!, p[7]!), how: 'IPv4-translated' }];
    case 'rfc6052': return [{ v4: v4FromParts(p[6]!, p[7]!), how: 'NAT64' }];
    case '6to4': return [{ v4: v4FromParts(p[1]!, p[2]!), how: '6to4' }];
    // Teredo: server in bits 32–63, client (obfuscated: bits inverted) in the last 32.
    case 'teredo': return [
      { v4: v4FromParts(p[2]!, p[3]!), how: 'Teredo server' },
      { v4: v4FromParts(~p[6]! & 0xffff, ~p[7]! & 0xffff), how: 'Teredo client' },
    ];
    default: return null;
  }
}

function classifyV6(a: ipaddr.IPv6): AddressVerdict {
  for (const { range, label } of NAMED_V6_PARSED) if (a.match(range)) return { public: false, range: label };
  const inner = embeddedV4(a);
  const range = a.range();
  // Mapped and translated forms never belong in a DNS answer (docs/spec-decisions.md §8 refuses the ranges
  // whole); the inner address is named so the reason reads plainly.
  if (range === 'ipv4Mapped' || range === 'rfc6145') {
    const { v4, how } = inner![0]!;
    const verdict = classifyV4(v4);
    return { public: false, range: `${how} ${v4.toString()}${verdict.public ? '' : `, ${verdict.range}`}` };
  }
  if (inner) {
    for (const { v4, how } of inner) {
      const verdict = classifyV4(v4);
      if (!verdict.public) return { public: false, range: `${how} ${v4.toString()}, ${verdict.range}` };
    }
    return { public: true };
  }
  if (range !== 'unicast') return { public: false, range: V6_LABELS[range] ?? range };
  // Outside 2000::/3 nothing is assigned for public use (::/96 IPv4-compatible, 100::/64 …).
  return a.match(GLOBAL_UNICAST) ? { public: true } : { public: false, range: 'reserved (outside 2000::/3)' };
}

/** Whether an address may be connected to. Text that is not an address is refused as such. */
export function classifyAddress(address: string): AddressVerdict {
  const text = address.replace(/^\[|\]$/g, '');
  if (!ipaddr.isValid(text) || isIP(text.split('%')[0]!) === 0) return { public: false, range: 'not an IP address' };
  const a = ipaddr.parse(text);
  return a.kind() === 'ipv4' ? classifyV4(a as ipaddr.IPv4) : classifyV6(a as ipaddr.IPv6);
}

export const isPublicAddress = (address: string): boolean => classifyAddress(address).public;

// ---------------------------------------------------------------------------------------------
// Host names

/** URL host names compare in lowercase without brackets or a final dot. */
export function normalizeHost(host: string): string {
  return host.toLowerCase().replace(/^\[|\]$/g, '').replace(/\.$/, '');
}

export function isAllowListed(host: string, policy: OutboundPolicy): boolean {
  const h = normalizeHost(host);
  return policy.allowPrivateHosts.some((allowed) => normalizeHost(allowed) === h);
}

function refusedAddress(host: string, address: string, range: string): OutboundRefused {
  const what = host === address ? address : `${host} resolves to ${address}`;
  return new OutboundRefused('not_public', `${what}: ${range} address, refused (only public internet addresses are reached)`);
}

/** An IP literal met at connect time (a redirect, a caller that skipped validation): checked the same way. */
export function checkLiteral(host: string, policy: OutboundPolicy): void {
  const address = normalizeHost(host);
  if (isAllowListed(address, policy)) return;
  const verdict = classifyAddress(address);
  if (!verdict.public) throw refusedAddress(address, address, verdict.range);
}

/**
 * Resolves a name and returns its addresses when every one is public (or the name is allow-listed).
 * One private answer among public ones refuses the name: the connection could land on either.
 */
export async function resolvePublic(host: string, policy: OutboundPolicy): Promise<LookupAddress[]> {
  const name = normalizeHost(host);
  let addresses: LookupAddress[];
  try {
    addresses = await (policy.resolve ?? systemResolver)(name);
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    throw new OutboundRefused('unresolved', code === 'ENOTFOUND' ? `the host name ${name} does not exist` : `could not resolve ${name} (${code ?? (e as Error).message})`);
  }
  if (addresses.length === 0) throw new OutboundRefused('unresolved', `the host name ${name} has no address`);
  if (isAllowListed(name, policy)) return addresses;
  for (const { address } of addresses) {
    const verdict = classifyAddress(address);
    if (!verdict.public) throw refusedAddress(name, address, verdict.range);
  }
  return addresses;
}


/**
 * A `lookup` for net/tls.connect (undici's `connect.lookup`): resolves once, refuses unless every
 * address is public, and answers with the checked addresses only, so the socket connects to one of
 * them and the name is never resolved a second time for this connection.
 */
export function guardedLookup(policy: OutboundPolicy): LookupFunction {
  return (hostname, options, callback) => {
    resolvePublic(hostname, policy).then(
      (addresses) => {
        const family = options.family === 'IPv4' ? 4 : options.family === 'IPv6' ? 6 : Number(options.family ?? 0);
        const wanted = family === 4 || family === 6 ? addresses.filter((a) => a.family === family) : addresses;
        if (wanted.length === 0) {
          callback(Object.assign(new Error(`${hostname} has no IPv${family} address`), { code: 'ENOTFOUND' }), []);
        } else if (options.all) {
          callback(null, wanted);
        } else {
          callback(null, wanted[0]!.address, wanted[0]!.family);
        }
      },
      (e: NodeJS.ErrnoException) => callback(e, []),
    );
  };
}

// ---------------------------------------------------------------------------------------------
// URLs

export interface UrlRules {
  /**
   * 'https-default': port 443 only (webhook deliveries: receivers are public web servers).
   * 'any': any port (feeds: self-hosted calendar servers often serve on 8443 and the like; the
   * address check, not the port, is what keeps fetches off private networks).
   */
  ports: 'https-default' | 'any';
  policy: OutboundPolicy;
}

/** Longest URL accepted (docs/spec-decisions.md §9). */
export const MAX_URL_LENGTH = 2048;

/**
 * Checks a URL before it is stored or fetched; returns it parsed. Refuses, with a reason the owner can
 * act on: other schemes than https, user:password@, IP literals, single-label and .localhost names,
 * and ports other than 443 under 'https-default'. Allow-listed hosts pass the host and port rules.
 */
export function validateOutboundUrl(text: string, rules: UrlRules): URL {
  if (text.length > MAX_URL_LENGTH) throw new OutboundRefused('invalid_url', `the URL is longer than ${MAX_URL_LENGTH} characters`);
  let url: URL;
  try {
    url = new URL(text.trim());
  } catch {
    throw new OutboundRefused('invalid_url', `"${text}" is not a URL`);
  }
  if (url.protocol === 'webcal:') {
    throw new OutboundRefused('scheme', 'webcal:// links are fetched over https: write the same address with https:// instead');
  }
  if (url.protocol !== 'https:') throw new OutboundRefused('scheme', `only https:// URLs are fetched, not ${url.protocol.replace(/:$/, '')}://`);
  if (url.username !== '' || url.password !== '') {
    throw new OutboundRefused('credentials', 'the URL carries a user name or password; use a secret link instead (credentials in URLs are refused)');
  }
  const host = normalizeHost(url.hostname);
  // A host the operator allow-listed for local work (a receiver on this machine) may use any port.
  if (isAllowListed(host, rules.policy)) return url;
  if (rules.ports === 'https-default' && url.port !== '') throw new OutboundRefused('port', `only port 443 is allowed, not ${url.port}`);
  if (isIP(host) !== 0) throw new OutboundRefused('ip_literal', `the URL names an IP address (${host}); use the server's domain name`);
  if (!host.includes('.') || host === 'localhost' || host.endsWith('.localhost')) {
    throw new OutboundRefused('host', `"${host}" is not a public domain name`);
  }
  return url;
}
