// What the club routes take and answer (docs/leagues.md, Club routes). Unknown fields are refused in
// bodies and never sent in answers.
import { Type } from '@sinclair/typebox'
import {
  CLUB_DESCRIPTION_MAX,
  CLUB_NAME_MAX,
  CLUBS_PAGE_DEFAULT,
  CLUBS_PAGE_MAX,
  JOIN_MESSAGE_MAX,
} from '../../leagues/clubs.js'

const DateTime = Type.String({ format: 'date-time' })
const Uuid = Type.String({ format: 'uuid' })
const orNull = <T extends Parameters<typeof Type.Union>[0][number]>(t: T) => Type.Union([t, Type.Null()])

export const ClubRoleSchema = Type.Union([Type.Literal('owner'), Type.Literal('moderator'), Type.Literal('member')])
export const JoinPolicySchema = Type.Union([Type.Literal('request'), Type.Literal('invite')], {
  description: 'request: anyone may ask to join and an owner or moderator decides; invite: by invitation only',
})

// Ids in the path are checked by the use cases: an id that is not a uuid is no club (404), as for disputes.
export const ClubId = Type.Object({ id: Type.String({ maxLength: 100 }) })
export const ClubInviteId = Type.Object({
  id: Type.String({ maxLength: 100 }),
  inviteId: Type.String({ maxLength: 100 }),
})
export const ClubRequestId = Type.Object({
  id: Type.String({ maxLength: 100 }),
  requestId: Type.String({ maxLength: 100 }),
})
export const ClubMemberId = Type.Object({
  id: Type.String({ maxLength: 100 }),
  userId: Type.String({ maxLength: 100 }),
})

const Name = Type.String({
  minLength: 1,
  maxLength: CLUB_NAME_MAX,
  description: `1–${CLUB_NAME_MAX} characters (a kanji is one), one line, trimmed`,
})
const Description = Type.String({
  maxLength: CLUB_DESCRIPTION_MAX,
  description: `at most ${CLUB_DESCRIPTION_MAX} characters; trimmed`,
})

export const ClubBody = Type.Object(
  { name: Name, description: Type.Optional(Description), joinPolicy: Type.Optional(JoinPolicySchema) },
  { additionalProperties: false },
)
export const ClubPatch = Type.Object(
  {
    name: Type.Optional(Name),
    description: Type.Optional(Description),
    joinPolicy: Type.Optional(JoinPolicySchema),
  },
  { additionalProperties: false, minProperties: 1 },
)

export const ClubsQuery = Type.Object(
  {
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: CLUBS_PAGE_MAX, default: CLUBS_PAGE_DEFAULT })),
    cursor: Type.Optional(Type.String({ maxLength: 400, description: 'the `next` of the previous page' })),
  },
  { additionalProperties: false },
)

const summaryFields = {
  id: Uuid,
  name: Type.String(),
  description: Type.String(),
  joinPolicy: JoinPolicySchema,
  memberCount: Type.Integer(),
  seasonCount: Type.Integer(),
  createdAt: DateTime,
  myRole: orNull(ClubRoleSchema),
}
export const ClubSummary = Type.Object(summaryFields, { title: 'ClubSummary' })

export const ClubPage = Type.Object({
  clubs: Type.Array(ClubSummary, { description: 'by name' }),
  next: orNull(Type.String({ description: 'pass as `cursor` for the next page; null on the last' })),
})

export const JoinRequest = Type.Object(
  {
    id: Uuid,
    userId: Uuid,
    name: Type.String(),
    message: Type.String(),
    status: Type.Union([
      Type.Literal('open'),
      Type.Literal('accepted'),
      Type.Literal('declined'),
      Type.Literal('withdrawn'),
    ]),
    createdAt: DateTime,
    decidedAt: orNull(DateTime),
  },
  { title: 'ClubJoinRequest' },
)

export const ClubInvite = Type.Object(
  {
    id: Uuid,
    email: Type.String(),
    role: ClubRoleSchema,
    invitedBy: Type.Object({ id: Uuid, name: Type.String() }),
    createdAt: DateTime,
    expiresAt: DateTime,
  },
  { title: 'ClubInvite' },
)

export const ClubDetail = Type.Object(
  {
    ...summaryFields,
    canManage: Type.Boolean({ description: 'whether you run the club (an owner or moderator, or a site admin)' }),
    members: Type.Array(
      Type.Object({
        userId: Uuid,
        name: Type.String(),
        role: ClubRoleSchema,
        joinedAt: DateTime,
        email: Type.Optional(Type.String({ description: "only for the club's owners and moderators" })),
      }),
    ),
    seasons: Type.Array(
      Type.Object({
        id: Uuid,
        name: Type.String(),
        status: Type.String(),
        format: Type.String(),
        ruleset: Type.String(),
      }),
    ),
    joinRequests: Type.Optional(Type.Array(JoinRequest, { description: "open ones; for the club's staff only" })),
    invites: Type.Optional(Type.Array(ClubInvite, { description: "not yet answered; for the club's staff only" })),
  },
  { title: 'ClubDetail' },
)

export const InviteBody = Type.Object(
  {
    email: Type.String({ minLength: 3, maxLength: 254 }),
    role: Type.Optional(Type.Union([Type.Literal('member'), Type.Literal('moderator')], { default: 'member' })),
  },
  { additionalProperties: false },
)
export const InviteSent = Type.Object({
  ...ClubInvite.properties,
  replaced: Type.Boolean({ description: 'an invitation to the same address was pending: its link no longer works' }),
})
export const AcceptBody = Type.Object(
  { token: Type.String({ minLength: 1, maxLength: 200, description: 'the token of the link in the email' }) },
  { additionalProperties: false },
)
export const JoinBody = Type.Object(
  {
    message: Type.Optional(
      Type.String({
        maxLength: JOIN_MESSAGE_MAX,
        description: `to the club's owners and moderators: at most ${JOIN_MESSAGE_MAX} characters`,
      }),
    ),
  },
  { additionalProperties: false },
)
export const JoinRequests = Type.Object({
  requests: Type.Array(JoinRequest, { description: 'open ones, oldest first' }),
})
export const RoleBody = Type.Object({ role: ClubRoleSchema }, { additionalProperties: false })
