import {
  answerBodySchema,
  awardBodySchema,
  compareExportQuerySchema,
  contractSchema,
  dataOf,
  idParamsSchema,
  pageOf,
  paginationQuerySchema,
  questionBodySchema,
  questionListSchema,
  questionSchema,
  responseBodySchema,
  responseListSchema,
  responseNoteBodySchema,
  responseSchema,
  shortlistBodySchema,
} from '@brickyard/shared';
import { z } from 'zod';
import { principalOf } from '../../platform/auth/guard.ts';
import type { App } from '../../platform/context.ts';
import { memoizedDataWriter, memoizedWriter } from '../../platform/http/serializer.ts';
import type { ResponsesPage, ResponsesService } from './responses.service.ts';

const tags = ['responses'];
const buyers = { roles: ['buyer'] } as const;
const suppliers = { roles: ['supplier'] } as const;
const readers = { roles: ['buyer', 'supplier', 'admin'] } as const;
const one = { 200: dataOf(responseSchema) };

/** docs/decisions/0015-tender-responses-sealed-by-default.md: tender responses and clarification questions. Every call is gated (approved and subscribed). */
export function responsesRoutes(app: App, responses: ResponsesService) {
  // A supplier's kept page or response is the same object on each visit: written once
  // (platform/http/serializer.ts).
  const minePages = memoizedWriter<ResponsesPage>(pageOf(responseSchema));
  const keptResponses = memoizedDataWriter(responseSchema);
  app.post('/api/tender/:id/responses', {
    config: { access: suppliers },
    schema: {
      tags,
      summary: 'Respond to a tender (draft or submitted); one live response per supplier, until the deadline',
      params: idParamsSchema,
      body: responseBodySchema,
      response: { 201: dataOf(responseSchema) },
    },
    handler: async (req, reply) =>
      reply.status(201).send({ data: await responses.create(principalOf(req), req.params.id, req.body) }),
  });

  app.get('/api/tender/:id/responses', {
    config: { access: readers },
    schema: {
      tags,
      summary: "A tender's responses: the owner's (only the count while sealed), or a supplier's own",
      params: idParamsSchema,
      response: { 200: responseListSchema },
    },
    handler: (req) => responses.listForTender(principalOf(req), req.params.id),
  });

  app.get('/api/tender/:id/responses/compare', {
    config: { access: { roles: ['buyer', 'admin'] } },
    schema: {
      tags,
      summary:
        "The owner's side-by-side comparison of the opened responses as PDF (default) or CSV, sorted as on screen",
      params: idParamsSchema,
      querystring: compareExportQuerySchema,
      produces: ['application/pdf', 'text/csv'],
    },
    handler: async (req, reply) => {
      const file = await responses.compareExport(principalOf(req), req.params.id, req.query);
      return reply
        .header('content-type', file.contentType)
        .header('content-disposition', `attachment; filename="${file.fileName}"`)
        .header('cache-control', 'private, no-store')
        .send(file.body);
    },
  });

  app.put('/api/responses/:id/note', {
    config: { access: buyers },
    schema: {
      tags,
      summary: "The tender owner's private note on an opened response (never shown to the supplier)",
      params: idParamsSchema,
      body: responseNoteBodySchema,
      response: one,
    },
    handler: async (req) => ({ data: await responses.setNote(principalOf(req), req.params.id, req.body.note) }),
  });

  app.get('/api/responses/mine', {
    config: { access: suppliers },
    schema: {
      tags,
      summary: "The calling supplier's responses, newest first",
      querystring: paginationQuerySchema,
      response: { 200: pageOf(responseSchema) },
    },
    handler: async (req, reply) =>
      minePages.send(reply, await responses.mine(principalOf(req), req.query.page, req.query.pageSize)),
  });

  app.get('/api/responses/:id', {
    config: { access: readers },
    schema: {
      tags,
      summary: 'One response: its supplier, or the tender owner once responses are open',
      params: idParamsSchema,
      response: one,
    },
    handler: async (req, reply) => keptResponses.send(reply, await responses.get(principalOf(req), req.params.id)),
  });

  app.put('/api/responses/:id', {
    config: { access: suppliers },
    schema: {
      tags,
      summary: 'Change your response (each submission is a new version) until the deadline',
      params: idParamsSchema,
      body: responseBodySchema,
      response: one,
    },
    handler: async (req) => ({ data: await responses.update(principalOf(req), req.params.id, req.body) }),
  });

  app.post('/api/responses/:id/withdraw', {
    config: { access: suppliers },
    schema: { tags, summary: 'Withdraw your response before the deadline', params: idParamsSchema, response: one },
    handler: async (req) => ({ data: await responses.withdraw(principalOf(req), req.params.id) }),
  });

  app.post('/api/responses/:id/shortlist', {
    config: { access: buyers },
    schema: {
      tags,
      summary: 'Shortlist an opened response (shortlisted: false takes it off)',
      params: idParamsSchema,
      body: shortlistBodySchema,
      response: one,
    },
    handler: async (req) => ({
      data: await responses.shortlist(principalOf(req), req.params.id, req.body?.shortlisted ?? true),
    }),
  });

  app.post('/api/responses/:id/award', {
    config: { access: buyers },
    schema: {
      tags,
      summary: 'Award a response: a contract proposal for its total; every other bidder hears the outcome',
      params: idParamsSchema,
      body: awardBodySchema,
      response: { 200: dataOf(z.object({ response: responseSchema, contract: contractSchema })) },
    },
    handler: async (req) => ({ data: await responses.award(principalOf(req), req.params.id, req.body?.terms) }),
  });

  app.post('/api/tender/:id/questions', {
    config: { access: suppliers },
    schema: {
      tags,
      summary: 'Ask the buyer a question before the question deadline',
      params: idParamsSchema,
      body: questionBodySchema,
      response: { 201: dataOf(questionSchema) },
    },
    handler: async (req, reply) =>
      reply.status(201).send({ data: await responses.ask(principalOf(req), req.params.id, req.body.text) }),
  });

  app.get('/api/tender/:id/questions', {
    config: { access: readers },
    schema: {
      tags,
      summary: "A tender's questions: all to the owner, published and your own to a supplier",
      params: idParamsSchema,
      response: { 200: questionListSchema },
    },
    handler: (req) => responses.questions(principalOf(req), req.params.id),
  });

  app.post('/api/questions/:id/answer', {
    config: { access: buyers },
    schema: {
      tags,
      summary: 'Answer a question privately, or publish it to every responding supplier',
      params: idParamsSchema,
      body: answerBodySchema,
      response: { 200: dataOf(questionSchema) },
    },
    handler: async (req) => ({
      data: await responses.answer(principalOf(req), req.params.id, req.body.text, req.body.publish),
    }),
  });
}
