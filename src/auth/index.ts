// Accounts and sign-in: use cases with no HTTP in them.
export { AuthError, type AuthErrorCode } from './errors.js'
export {
  EMAIL_MAX,
  NAME_MAX,
  PASSWORD_MAX,
  PASSWORD_MIN,
  getAccount,
  login,
  logout,
  normaliseEmail,
  register,
  verifyEmail,
  type Account,
  type AuthDeps,
  type RegisterInput,
  type Session,
} from './accounts.js'
export {
  NEXT_MAX,
  checkedNext,
  consumeMagicLink,
  peekMagicLink,
  requestMagicLink,
  type MagicLinkDeps,
  type MagicLinkPeek,
  type MagicLinkState,
  type MagicSignIn,
} from './magic-links.js'
export {
  DEFAULT_PAGE_LINK_TTL_SECONDS,
  LOGIN_PARAM,
  pageUrl,
  signPageLink,
  signedPath,
  verifyPageLink,
} from './page-links.js'
export { hashPassword, verifyPassword, type PasswordCost } from './passwords.js'
export { issueRefreshToken, rotateRefreshToken, tokenHash, type Rotation } from './tokens.js'
