import {
  createPortfolioItemBodySchema,
  createProjectBodySchema,
  dataOf,
  idParamsSchema,
  okSchema,
  portfolioItemSchema,
  profileSchema,
  projectSchema,
  requirementsSchema,
  updatePortfolioItemBodySchema,
  updateProfileAndRequirementsBodySchema,
  updateProfileBodySchema,
  updateProjectBodySchema,
  updateRequirementsBodySchema,
} from '@brickyard/shared';
import { principalOf } from '../../platform/auth/guard.ts';
import type { App } from '../../platform/context.ts';
import { memoizedDataWriter } from '../../platform/http/serializer.ts';
import type { ProfilesService } from './profiles.service.ts';

const tags = ['profiles'];
/**
 * Reading one's own profile and editing it are open before approval and without a subscription
 * (the gate sends pending users to Settings > Profile); reading someone else's checks the gate
 * in the service. Admins may read any profile; they have none to edit.
 */
const readers = { gate: false } as const;
const editors = { roles: ['buyer', 'supplier'], gate: false } as const;
const ok = { data: { ok: true as const } };

/** docs/product.md section 7 "Settings, profile and related": profile, projects, portfolio, requirements. */
export function profilesRoutes(app: App, profiles: ProfilesService) {
  // A profile seen again is the same object (profiles.service.ts builtProfile): written once.
  const profileBodies = memoizedDataWriter(profileSchema);
  app.get('/api/users/profile', {
    config: { access: readers },
    schema: { tags, summary: "The caller's own profile", response: { 200: dataOf(profileSchema) } },
    handler: async (req, reply) => profileBodies.send(reply, await profiles.get(principalOf(req))),
  });
  app.get('/api/users/profile/me', {
    config: { access: readers },
    schema: { tags, summary: "The caller's own profile", response: { 200: dataOf(profileSchema) } },
    handler: async (req, reply) => profileBodies.send(reply, await profiles.get(principalOf(req))),
  });
  app.get('/api/users/profile/:id', {
    config: { access: readers },
    schema: {
      tags,
      summary: "A user's profile (docs/product.md section 3); contact fields only where the viewer may see them",
      params: idParamsSchema,
      response: { 200: dataOf(profileSchema) },
    },
    handler: async (req, reply) => profileBodies.send(reply, await profiles.get(principalOf(req), req.params.id)),
  });

  app.get('/api/settings/profile', {
    config: { access: editors },
    schema: { tags, summary: 'The profile settings page (your own profile)', response: { 200: dataOf(profileSchema) } },
    handler: async (req, reply) => profileBodies.send(reply, await profiles.get(principalOf(req))),
  });
  app.put('/api/settings/profile', {
    config: { access: editors },
    schema: {
      tags,
      summary: 'Update your company profile (unknown fields are ignored)',
      body: updateProfileBodySchema,
      response: { 200: dataOf(profileSchema) },
    },
    handler: async (req) => ({ data: await profiles.update(principalOf(req), req.body) }),
  });
  app.put('/api/settings/profile-and-requirements', {
    config: { access: editors },
    schema: {
      tags,
      summary: 'Update your company profile and your requirements together: both are saved, or neither',
      body: updateProfileAndRequirementsBodySchema,
      response: { 200: dataOf(profileSchema) },
    },
    handler: async (req) => ({ data: await profiles.updateWithRequirements(principalOf(req), req.body) }),
  });

  app.post('/api/settings/projects', {
    config: { access: editors },
    schema: {
      tags,
      summary: 'Add a project (status completed = past project)',
      body: createProjectBodySchema,
      response: { 201: dataOf(projectSchema) },
    },
    handler: async (req, reply) =>
      reply.status(201).send({ data: await profiles.createProject(principalOf(req), req.body) }),
  });
  app.put('/api/settings/projects/:id', {
    config: { access: editors },
    schema: {
      tags,
      summary: 'Change one of your projects',
      params: idParamsSchema,
      body: updateProjectBodySchema,
      response: { 200: dataOf(projectSchema) },
    },
    handler: async (req) => ({ data: await profiles.updateProject(principalOf(req), req.params.id, req.body) }),
  });
  app.delete('/api/settings/projects/:id', {
    config: { access: editors },
    schema: { tags, summary: 'Delete one of your projects', params: idParamsSchema, response: { 200: okSchema } },
    handler: async (req) => {
      await profiles.deleteProject(principalOf(req), req.params.id);
      return ok;
    },
  });

  app.post('/api/portfolio', {
    config: { access: editors },
    schema: {
      tags,
      summary: 'Add a portfolio item',
      body: createPortfolioItemBodySchema,
      response: { 201: dataOf(portfolioItemSchema) },
    },
    handler: async (req, reply) =>
      reply.status(201).send({ data: await profiles.createPortfolioItem(principalOf(req), req.body) }),
  });
  app.put('/api/portfolio/:id', {
    config: { access: editors },
    schema: {
      tags,
      summary: 'Change one of your portfolio items',
      params: idParamsSchema,
      body: updatePortfolioItemBodySchema,
      response: { 200: dataOf(portfolioItemSchema) },
    },
    handler: async (req) => ({ data: await profiles.updatePortfolioItem(principalOf(req), req.params.id, req.body) }),
  });
  app.delete('/api/portfolio/:id', {
    config: { access: editors },
    schema: {
      tags,
      summary: 'Delete one of your portfolio items',
      params: idParamsSchema,
      response: { 200: okSchema },
    },
    handler: async (req) => {
      await profiles.deletePortfolioItem(principalOf(req), req.params.id);
      return ok;
    },
  });

  app.get('/api/requirements', {
    config: { access: readers },
    schema: { tags, summary: 'Your requirements of the other side', response: { 200: dataOf(requirementsSchema) } },
    handler: async (req) => ({ data: await profiles.getRequirements(principalOf(req)) }),
  });
  app.get('/api/requirements/:id', {
    config: { access: readers },
    schema: {
      tags,
      summary: "A user's requirements (as visible as their profile)",
      params: idParamsSchema,
      response: { 200: dataOf(requirementsSchema) },
    },
    handler: async (req) => ({ data: await profiles.getRequirements(principalOf(req), req.params.id) }),
  });
  app.put('/api/requirements', {
    config: { access: editors },
    schema: {
      tags,
      summary: 'Set your requirements (unknown fields are ignored)',
      body: updateRequirementsBodySchema,
      response: { 200: dataOf(requirementsSchema) },
    },
    handler: async (req) => ({ data: await profiles.putRequirements(principalOf(req), req.body) }),
  });
}
