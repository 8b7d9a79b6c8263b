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
  register,
  verifyEmail,
  type Account,
  type AuthDeps,
  type RegisterInput,
  type Session,
} from './accounts.js'
export { hashPassword, verifyPassword, type PasswordCost } from './passwords.js'
export { rotateRefreshToken, tokenHash, type Rotation } from './tokens.js'
