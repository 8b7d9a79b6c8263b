// Schema pieces several routes share.
import { Type, type IntegerOptions } from '@sinclair/typebox'

/** Log positions are PostgreSQL integers: anything larger cannot name an entry, and the query would fail. */
export const INT4_MAX = 2_147_483_647

/** A log position in a query string: bounded, so "99999999999999999999" is a 400, not a database error. */
export const LogPosition = (options: IntegerOptions = {}) => Type.Integer({ minimum: 0, maximum: INT4_MAX, ...options })
