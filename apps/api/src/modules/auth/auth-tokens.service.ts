/* The account's single-use tokens, for the modules that issue or redeem one (settings' email change). */
export { consumeToken, findToken, insertToken, revokeTokens, type TokenPurpose } from './auth-tokens.repository.ts';
