// The X-Forwarded-* headers the storefront sends to the API. They are set, never appended to:
// a visitor's own X-Forwarded-For is kept only when the storefront's direct peer is a trusted
// proxy (TRUSTED_PROXIES), so nobody can choose the address the API records and rate-limits.
import proxyaddr from 'proxy-addr';

/**
 * @param {string | undefined} trustedProxies comma-separated IPs, CIDRs or proxy-addr names; none when empty
 * @returns {(req: import('node:http').IncomingMessage) => void} rewrites req.headers in place
 */
export function forwardedHeaders(trustedProxies) {
  const list = (trustedProxies ?? '').split(',').map((s) => s.trim()).filter(Boolean);
  const trust = proxyaddr.compile(list);
  return function setForwarded(req) {
    const peerTrusted = trust(req.socket.remoteAddress ?? '', 0);
    const first = (value) => (Array.isArray(value) ? value[0] : value)?.split(',')[0]?.trim() || undefined;
    const proto = (peerTrusted && first(req.headers['x-forwarded-proto'])) || (req.socket.encrypted ? 'https' : 'http');
    const host = (peerTrusted && first(req.headers['x-forwarded-host'])) || req.headers.host;
    req.headers['x-forwarded-for'] = proxyaddr(req, trust);
    req.headers['x-forwarded-proto'] = proto;
    if (host) req.headers['x-forwarded-host'] = host;
    else delete req.headers['x-forwarded-host'];
    delete req.headers['x-forwarded-port'];
    delete req.headers.forwarded;
  };
}
