/** Fastify's `trustProxy`: false, a hop count (as proxy-addr's `(addr, hop) => hop < n`), or proxy addresses/CIDRs. */
export type TrustProxy = false | string[] | ((address: string, hop: number) => boolean);

/**
 * TRUST_PROXY: unset, empty, `0` or `false` → trust no proxy (the socket's address is the client's,
 * X-Forwarded-* are ignored); a whole number → that many proxy hops in front of us; otherwise a
 * comma-separated list of proxy addresses or CIDRs (e.g. `127.0.0.1,10.0.0.0/8`). `true` is refused:
 * trusting every hop lets any client choose its own IP and host.
 */
export function trustProxyFromEnv(value: string | undefined): TrustProxy {
  const v = (value ?? '').trim();
  if (v === '' || v === '0' || v.toLowerCase() === 'false') return false;
  if (/^\d+$/.test(v)) {
    const hops = Number(v);
    return (_address, hop) => hop < hops;
  }
  if (v.toLowerCase() === 'true')
    throw new Error("TRUST_PROXY=true would trust any client's X-Forwarded-For; give a hop count or proxy addresses");
  return v
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}
