import ipaddr from 'ipaddr.js'

// What the per-address limits count as one client. An IPv4 address is one
// client. An IPv6 address is not: one home or phone gets a whole /64 and may
// pick any address in it, so counting whole addresses would let one client
// be millions. The /64 is the client. (An IPv4 address written as IPv6,
// ::ffff:1.2.3.4, is the IPv4 address.)
export function addressKey(ip: string): string {
  let address: ipaddr.IPv4 | ipaddr.IPv6
  try {
    address = ipaddr.process(ip)
  } catch {
    return ip
  }
  if (address.kind() === 'ipv4') return address.toString()
  const parts = (address as ipaddr.IPv6).parts.slice(0, 4)
  return `${parts.map((p) => p.toString(16)).join(':')}::/64`
}
