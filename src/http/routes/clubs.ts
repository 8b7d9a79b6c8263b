// Clubs over HTTP (docs/leagues.md, Club routes); the rules live in src/leagues/clubs.ts. Anyone may
// read clubs; every change needs a signed-in caller, whose role in the club is read from the database.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { Type } from '@sinclair/typebox'
import type { FastifyRequest } from 'fastify'
import {
  acceptInvite,
  createClub,
  decideJoinRequest,
  getClub,
  inviteToClub,
  joinRequests,
  listClubs,
  removeMember,
  requestToJoin,
  revokeInvite,
  setMemberRole,
  updateClub,
  withdrawJoinRequest,
} from '../../leagues/clubs.js'
import {
  AcceptBody,
  ClubBody,
  ClubDetail,
  ClubId,
  ClubInviteId,
  ClubMemberId,
  ClubPage,
  ClubPatch,
  ClubRequestId,
  ClubsQuery,
  InviteBody,
  InviteSent,
  JoinBody,
  JoinRequest,
  JoinRequests,
  RoleBody,
} from '../schemas/clubs.js'
import { problems } from '../schemas/problem.js'
import { secured } from './shared.js'

const reads = problems(400, 401, 403, 404)
const writes = problems(400, 401, 403, 404, 409, 413, 415)
const tags = ['clubs']

/** The signed-in caller's id (after app.authenticate). */
const me = (request: FastifyRequest): string => request.viewer!.sub

export const clubRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/clubs',
    {
      onRequest: app.identify,
      schema: {
        tags,
        summary: 'Every club, by name, a page at a time (?limit, ?cursor); your role in each when signed in',
        querystring: ClubsQuery,
        response: { 200: ClubPage, ...problems(400, 401) },
      },
    },
    async (request) => listClubs(app.db, request.viewer?.sub ?? null, request.query),
  )

  app.post(
    '/clubs',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: 'Create a club: you become its owner',
        security: secured,
        body: ClubBody,
        response: { 201: ClubDetail, ...writes },
      },
    },
    async (request, reply) => {
      const club = await createClub(app.db, me(request), request.body, app.config.clubsPerDay)
      return reply.code(201).header('location', `/clubs/${club.id}`).send(club)
    },
  )

  app.get(
    '/clubs/:id',
    {
      onRequest: app.identify,
      schema: {
        tags,
        summary:
          "A club: its members, its seasons, your role; for its owners and moderators also members' emails, " +
          'open requests to join and pending invitations',
        params: ClubId,
        response: { 200: ClubDetail, ...reads },
      },
    },
    async (request) => getClub(app.db, request.params.id, request.viewer?.sub ?? null),
  )

  app.patch(
    '/clubs/:id',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: 'Change the name, description or join policy (its owners, site admins)',
        security: secured,
        params: ClubId,
        body: ClubPatch,
        response: { 200: ClubDetail, ...writes },
      },
    },
    async (request) => updateClub(app.db, request.params.id, me(request), request.body),
  )

  app.post(
    '/clubs/:id/invites',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary:
          'Invite an email address (owners and moderators; only owners invite a moderator): the link is emailed, ' +
          'valid 14 days; inviting the address again replaces a pending invitation',
        security: secured,
        params: ClubId,
        body: InviteBody,
        response: { 201: InviteSent, ...writes },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(await inviteToClub(app.db, request.params.id, me(request), request.body, app.config.clubInvitesPerDay)),
  )

  app.post(
    '/clubs/:id/invites/accept',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary:
          "Accept an invitation with the link's token: the account's email must be the one invited (403); " +
          'a link used, withdrawn or expired is a 409',
        security: secured,
        params: ClubId,
        body: AcceptBody,
        response: { 200: ClubDetail, ...writes },
      },
    },
    async (request) => acceptInvite(app.db, request.params.id, me(request), request.body.token),
  )

  app.delete(
    '/clubs/:id/invites/:inviteId',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: 'Withdraw an invitation not yet answered (owners and moderators): its link stops working',
        security: secured,
        params: ClubInviteId,
        response: { 204: Type.Null({ description: 'Withdrawn' }), ...problems(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      await revokeInvite(app.db, request.params.id, me(request), request.params.inviteId)
      return reply.code(204).send(null)
    },
  )

  app.post(
    '/clubs/:id/join-requests',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: 'Ask to join a club that takes requests (one open request at a time); its staff decide',
        security: secured,
        params: ClubId,
        body: JoinBody,
        response: { 201: JoinRequest, ...writes },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await requestToJoin(app.db, request.params.id, me(request), request.body ?? {})),
  )

  app.get(
    '/clubs/:id/join-requests',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: 'The open requests to join, oldest first (owners and moderators)',
        security: secured,
        params: ClubId,
        response: { 200: JoinRequests, ...reads },
      },
    },
    async (request) => ({ requests: await joinRequests(app.db, request.params.id, me(request)) }),
  )

  for (const decision of ['accept', 'decline'] as const)
    app.post(
      `/clubs/:id/join-requests/:requestId/${decision}`,
      {
        onRequest: app.authenticate,
        schema: {
          tags,
          summary:
            decision === 'accept'
              ? 'Accept a request to join (owners and moderators): the person becomes a member'
              : 'Decline a request to join (owners and moderators)',
          security: secured,
          params: ClubRequestId,
          response: { 200: JoinRequest, ...problems(400, 401, 403, 404, 409) },
        },
      },
      async (request) => decideJoinRequest(app.db, request.params.id, me(request), request.params.requestId, decision),
    )

  app.delete(
    '/clubs/:id/join-requests/:requestId',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: 'Withdraw your request to join, while it is open',
        security: secured,
        params: ClubRequestId,
        response: { 204: Type.Null({ description: 'Withdrawn' }), ...problems(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      await withdrawJoinRequest(app.db, request.params.id, me(request), request.params.requestId)
      return reply.code(204).send(null)
    },
  )

  app.patch(
    '/clubs/:id/members/:userId',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: 'Make a member an owner, moderator or member (owners, site admins); a club keeps an owner',
        security: secured,
        params: ClubMemberId,
        body: RoleBody,
        response: { 200: ClubDetail, ...writes },
      },
    },
    async (request) => setMemberRole(app.db, request.params.id, me(request), request.params.userId, request.body.role),
  )

  app.delete(
    '/clubs/:id/members/:userId',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary:
          'Remove a member (owners: anyone; moderators: plain members) or leave (your own id); never the last owner',
        security: secured,
        params: ClubMemberId,
        response: { 204: Type.Null({ description: 'Removed' }), ...problems(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      await removeMember(app.db, request.params.id, me(request), request.params.userId)
      return reply.code(204).send(null)
    },
  )
}
