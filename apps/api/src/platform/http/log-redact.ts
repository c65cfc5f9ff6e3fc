import type { FastifyRequest } from 'fastify';

/**
 * Query parameters that are credentials: a verify-email or reset token, the signature of a signed
 * file URL (ours or S3's), a two-factor challenge. Whoever reads the log must not be able to replay
 * them, so the request log shows `[redacted]` in their place.
 */
const SECRET_PARAMS = /^(token|signature|sig|challenge|code|x-amz-signature|x-amz-credential|x-amz-security-token)$/i;

export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  if (q < 0) return url;
  const params = url
    .slice(q + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      const name = eq < 0 ? pair : pair.slice(0, eq);
      let decoded = name;
      try {
        decoded = decodeURIComponent(name);
      } catch {
        // a malformed name is logged as it came
      }
      return eq >= 0 && SECRET_PARAMS.test(decoded) ? `${name}=[redacted]` : pair;
    });
  return `${url.slice(0, q)}?${params.join('&')}`;
}

/** Fastify's request log line, with the URL's credentials redacted. */
export function requestLogSerializer(req: FastifyRequest) {
  return {
    method: req.method,
    url: redactUrl(req.url),
    host: req.host,
    remoteAddress: req.ip,
    remotePort: req.socket?.remotePort,
  };
}
