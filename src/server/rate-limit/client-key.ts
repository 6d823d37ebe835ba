import { isIPv4, isIPv6 } from "node:net";

/** IPv6 clients are grouped by this prefix: one subscriber is usually handed a whole /64. */
const IPV6_GROUP_PREFIX_BITS = 64;

/** The eight 16-bit groups of an IPv6 address (a dotted IPv4 tail counts as two); null when malformed. */
function ipv6Groups(address: string): number[] | null {
  let text = address.toLowerCase();
  const zone = text.indexOf("%");
  if (zone !== -1) text = text.slice(0, zone);
  const tail = /(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(text);
  if (tail) {
    const [a, b, c, d] = tail.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, tail.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const halves = text.split("::");
  if (halves.length > 2) return null;
  const parse = (part: string | undefined) => (part ? part.split(":").map((group) => Number.parseInt(group, 16)) : []);
  const head = parse(halves[0]);
  const rest = parse(halves[1]);
  const missing = 8 - head.length - rest.length;
  if (missing < 0 || (halves.length === 1 && missing !== 0)) return null;
  const groups = [...head, ...Array<number>(halves.length === 2 ? missing : 0).fill(0), ...rest];
  return groups.every((group) => Number.isInteger(group) && group >= 0 && group <= 0xffff) ? groups : null;
}

/**
 * The key a per-client limit counts under: an IPv4 address as it is; an IPv4-mapped IPv6 address
 * (::ffff:192.0.2.1, as a dual-stack socket reports IPv4 clients) as its IPv4 address; any other
 * IPv6 address as its /64 network ('2001:db8:1:2::/64'), so rotating through the addresses of one
 * subscriber's prefix buys no extra requests. Anything else is used lower-cased.
 */
export function clientKey(ip: string): string {
  const address = ip.trim();
  if (isIPv4(address)) return address;
  if (!isIPv6(address)) return address.toLowerCase();
  const groups = ipv6Groups(address);
  if (!groups) return address.toLowerCase();
  if (groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff) {
    const [high, low] = [groups[6]!, groups[7]!];
    return `${high >> 8}.${high & 0xff}.${low >> 8}.${low & 0xff}`;
  }
  const network = groups.slice(0, IPV6_GROUP_PREFIX_BITS / 16).map((group) => group.toString(16));
  return `${network.join(":")}::/${IPV6_GROUP_PREFIX_BITS}`;
}
