// What can go wrong in accounts and sign-in, as data: the HTTP layer maps each code to a status.
export type AuthErrorCode =
  | 'INVALID_INPUT'
  | 'EMAIL_TAKEN'
  | 'INVALID_CREDENTIALS'
  | 'INVALID_REFRESH_TOKEN'
  | 'REFRESH_TOKEN_EXPIRED'
  | 'REFRESH_TOKEN_REUSED'
  | 'INVALID_VERIFY_TOKEN'
  | 'UNKNOWN_USER'
  | 'MAGIC_LINK_UNKNOWN'
  | 'MAGIC_LINK_EXPIRED'
  | 'MAGIC_LINK_USED'

export class AuthError extends Error {
  constructor(
    readonly code: AuthErrorCode,
    message: string,
    /** The input field at fault, for INVALID_INPUT. */
    readonly field?: string,
  ) {
    super(message)
    this.name = 'AuthError'
  }
}
