// Accounts: register, verify the email address, sign in and out. Everyone registers as a PLAYER;
// moderators and admins are made by an operator command.
import { Prisma, type Db } from '../store/db.js'
import { AuthError } from './errors.js'
import { dummyHash, hashPassword, needsRehash, verifyPassword, type PasswordCost } from './passwords.js'
import { sealToken } from './sealed-tokens.js'
import { issueRefreshToken, newOpaqueToken, revokeFamilyOf, tokenHash, type TokenDeps } from './tokens.js'

export const EMAIL_MAX = 254
export const NAME_MAX = 60
export const PASSWORD_MIN = 10
/** Long enough for any passphrase, short enough that nobody hashes a megabyte. */
export const PASSWORD_MAX = 1024

export interface AuthDeps extends TokenDeps {
  passwordCost: PasswordCost
  /** The server's secret: the address check's token waits for its email sealed under it (sealed-tokens.ts). */
  tokenSecret: string
}

export interface Account {
  id: string
  email: string
  name: string
  role: 'PLAYER' | 'MODERATOR' | 'ADMIN'
  timeZone: string
  emailVerifiedAt: Date | null
  createdAt: Date
}

export interface Session {
  account: Account
  refreshToken: string
}

export interface RegisterInput {
  email: string
  name: string
  password: string
  timeZone?: string
}

const accountFields = {
  id: true,
  email: true,
  name: true,
  role: true,
  timeZone: true,
  emailVerifiedAt: true,
  createdAt: true,
} as const

// The same pattern as the JSON Schema "email" format (ajv-formats), so the API and the use case agree.
const EMAIL =
  // eslint-disable-next-line max-len -- one regular expression, kept whole to compare with ajv-formats' own
  /^[a-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[a-z0-9!#$%&'*+/=?^_`{|}~-]+)*@(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\.)+[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/

function invalid(field: string, message: string): AuthError {
  return new AuthError('INVALID_INPUT', message, field)
}

export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase()
}

export function checkedEmail(raw: string): string {
  const email = normaliseEmail(raw)
  if (email.length > EMAIL_MAX || !EMAIL.test(email)) throw invalid('email', 'must be an email address')
  return email
}

function checkedName(raw: string): string {
  const name = raw.trim()
  if (name.length < 1 || [...name].length > NAME_MAX) throw invalid('name', `must be 1 to ${NAME_MAX} characters`)
  if (/\p{Cc}/u.test(name)) throw invalid('name', 'must not contain control characters')
  return name
}

function checkedPassword(password: string): string {
  const length = [...password].length
  if (length < PASSWORD_MIN) throw invalid('password', `must be at least ${PASSWORD_MIN} characters`)
  if (length > PASSWORD_MAX) throw invalid('password', `must be at most ${PASSWORD_MAX} characters`)
  return password
}

/** The IANA name in its canonical spelling ("europe/paris" -> "Europe/Paris"). */
function checkedTimeZone(raw: string | undefined): string {
  if (raw === undefined) return 'UTC'
  try {
    return new Intl.DateTimeFormat('en', { timeZone: raw }).resolvedOptions().timeZone
  } catch {
    throw invalid('timeZone', 'must be an IANA time zone such as "Europe/Paris" or "UTC"')
  }
}

function isUniqueViolation(e: unknown): boolean {
  return e instanceof Prisma.PrismaClientKnownRequestError && e.code === 'P2002'
}

/** How long the emailed verification link is said to work. */
export const VERIFY_TOKEN_DAYS = 7

/** Creates a PLAYER and signs them in. The verification token is returned once, for the mailer. */
export async function register(deps: AuthDeps, input: RegisterInput): Promise<Session & { verifyToken: string }> {
  const email = checkedEmail(input.email)
  const name = checkedName(input.name)
  const password = checkedPassword(input.password)
  const timeZone = checkedTimeZone(input.timeZone)
  const taken = () => new AuthError('EMAIL_TAKEN', `an account with the email ${email} already exists: sign in instead`)
  if (await deps.db.user.findUnique({ where: { email }, select: { id: true } })) throw taken()

  const verifyToken = newOpaqueToken()
  let account: Account
  try {
    const passwordHash = await hashPassword(password, deps.passwordCost)
    // The verification email is queued in the same transaction as the account: neither without the other.
    account = await deps.db.$transaction(async (tx) => {
      const created = await tx.user.create({
        data: { email, name, timeZone, passwordHash, verifyTokenHash: tokenHash(verifyToken) },
        select: accountFields,
      })
      await tx.outbox.create({
        data: {
          kind: 'verify-email',
          payload: {
            userId: created.id,
            email,
            token: sealToken(deps.tokenSecret, verifyToken),
            expiresAt: new Date(Date.now() + VERIFY_TOKEN_DAYS * 86_400_000).toISOString(),
          },
        },
      })
      return created
    })
  } catch (e) {
    if (isUniqueViolation(e)) throw taken()
    throw e
  }
  return { account, refreshToken: await issueRefreshToken(deps, account.id), verifyToken }
}

/** A verification token works once; afterwards it is forgotten. */
export async function verifyEmail(deps: AuthDeps, token: string): Promise<Account> {
  const refused = () =>
    new AuthError('INVALID_VERIFY_TOKEN', 'this verification token is unknown or has already been used')
  const hash = tokenHash(token)
  const user = await deps.db.user.findUnique({ where: { verifyTokenHash: hash }, select: { id: true } })
  if (!user) throw refused()
  const done = await deps.db.user.updateMany({
    where: { id: user.id, verifyTokenHash: hash },
    data: { verifyTokenHash: null, emailVerifiedAt: new Date() },
  })
  if (done.count === 0) throw refused()
  return getAccount(deps.db, user.id)
}

/** One answer for an unknown email and a wrong password, and about the same time for both. */
export async function login(deps: AuthDeps, credentials: { email: string; password: string }): Promise<Session> {
  const refused = () => new AuthError('INVALID_CREDENTIALS', 'the email or the password is wrong')
  const user = await deps.db.user.findUnique({
    where: { email: normaliseEmail(credentials.email) },
    select: { ...accountFields, passwordHash: true },
  })
  if (!user) {
    await verifyPassword(await dummyHash(deps.passwordCost), credentials.password)
    throw refused()
  }
  if (!(await verifyPassword(user.passwordHash, credentials.password))) throw refused()
  if (needsRehash(user.passwordHash, deps.passwordCost)) {
    await deps.db.user.update({
      where: { id: user.id },
      data: { passwordHash: await hashPassword(credentials.password, deps.passwordCost) },
    })
  }
  const { passwordHash: _, ...account } = user
  return { account, refreshToken: await issueRefreshToken(deps, user.id) }
}

/** Signs out the session (the refresh token's family), on every device that shares it. */
export async function logout(deps: AuthDeps, refreshToken: string): Promise<void> {
  await revokeFamilyOf(deps.db, refreshToken)
}

export async function getAccount(db: Db, userId: string): Promise<Account> {
  const account = await db.user.findUnique({ where: { id: userId }, select: accountFields })
  if (!account) throw new AuthError('UNKNOWN_USER', 'this account no longer exists')
  return account
}
