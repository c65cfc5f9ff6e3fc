/** Reads a JWT's payload without checking it (tests only). */
export function decodeJwtPayload(token: string): Record<string, any> {
  return JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString('utf8'));
}
