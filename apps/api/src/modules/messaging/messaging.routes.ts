import {
  conversationReadSchema,
  conversationSchema,
  counterpartySchema,
  dataOf,
  idParamsSchema,
  messageSchema,
  messagesPageSchema,
  messagesQuerySchema,
  openConversationBodySchema,
  pageOf,
  paginationQuerySchema,
  sendMessageBodySchema,
  userSearchQuerySchema,
  type MessagesPage,
} from '@brickyard/shared';
import { principalOf } from '../../platform/auth/guard.ts';
import type { App } from '../../platform/context.ts';
import { memoizedWriter } from '../../platform/http/serializer.ts';
import type { ConversationsPage, MessagingService } from './messaging.service.ts';

const tags = ['messaging'];
/** Buyers and suppliers past the access gate (approved and subscribed); admins do not message. */
const access = { roles: ['buyer', 'supplier'] } as const;

/** `PUT /api/{id}/read` sits at the API root: the id must be a UUID so it never shadows another route. */
const UUID_PARAM = '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$';

/** docs/product.md section 7 Messaging, at exactly its paths. */
export function messagingRoutes(app: App, service: MessagingService) {
  // A kept page is the same object on each visit: written once (platform/http/serializer.ts).
  const conversationPages = memoizedWriter<ConversationsPage>(pageOf(conversationSchema));
  const threadPages = memoizedWriter<MessagesPage>(messagesPageSchema);
  app.post('/api/conversation', {
    config: { access },
    schema: {
      tags,
      body: openConversationBodySchema,
      response: { 200: dataOf(conversationSchema), 201: dataOf(conversationSchema) },
    },
    handler: async (req, reply) => {
      const { conversation, created } = await service.open(principalOf(req), req.body);
      return reply.status(created ? 201 : 200).send({ data: conversation });
    },
  });

  app.get('/api/conversations', {
    config: { access },
    schema: { tags, querystring: paginationQuerySchema, response: { 200: pageOf(conversationSchema) } },
    handler: async (req, reply) =>
      conversationPages.send(reply, await service.list(principalOf(req), req.query.page, req.query.pageSize)),
  });

  app.get('/api/messages/:id', {
    config: { access },
    schema: { tags, params: idParamsSchema, querystring: messagesQuerySchema, response: { 200: messagesPageSchema } },
    handler: async (req, reply) =>
      threadPages.send(reply, await service.messages(principalOf(req), req.params.id, req.query)),
  });

  app.post('/api/sendMessage', {
    config: { access },
    schema: { tags, body: sendMessageBodySchema, response: { 201: dataOf(messageSchema) } },
    handler: async (req, reply) => reply.status(201).send({ data: await service.send(principalOf(req), req.body) }),
  });

  app.put(`/api/:id(${UUID_PARAM})/read`, {
    config: { access },
    schema: { tags, params: idParamsSchema, response: { 200: conversationReadSchema } },
    handler: async (req) => ({ data: await service.markRead(principalOf(req), req.params.id) }),
  });

  app.get('/api/users/search', {
    config: { access },
    schema: { tags, querystring: userSearchQuerySchema, response: { 200: pageOf(counterpartySchema) } },
    handler: (req) => service.searchUsers(principalOf(req), req.query.q, req.query.page, req.query.pageSize),
  });
}
