import ipaddr from 'ipaddr.js';

/**
 * The part of a client's address that names one client for a limit. IPv4 is the whole address (an
 * IPv4-mapped IPv6 address counts as its IPv4 address). IPv6 is its /64: one customer line gets a
 * whole /64 (RFC 6177), so its 2^64 addresses are one client, as for the limiters of Cloudflare and
 * nginx setups that key on the prefix. Text that is no address stays as it is.
 */
export function clientKey(address: string): string {
  let parsed: ipaddr.IPv4 | ipaddr.IPv6;
  try {
    parsed = ipaddr.process(address);
  } catch {
    return address;
  }
  if (parsed.kind() === 'ipv4') return parsed.toString();
  return `${ipaddr.IPv6.networkAddressFromCIDR(`${parsed.toString()}/64`).toString()}/64`;
}
