/** The relay of this site: ws(s)://{host}/api/v1/tracker. */
export function relayUrl(loc: Pick<Location, 'protocol' | 'host'> = window.location): string {
  return `${loc.protocol === 'https:' ? 'wss' : 'ws'}://${loc.host}/api/v1/tracker`;
}
