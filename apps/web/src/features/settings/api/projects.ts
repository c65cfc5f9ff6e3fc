import type { CreateProjectBody, Project } from '@brickyard/shared';
import { profileListClient } from './profile-list';

/**
 * Buyer projects (docs/product.md section 3 Buyer-profile extras): POST /api/settings/projects,
 * PUT and DELETE /api/settings/projects/{id}. Status completed makes a past project.
 */
export const projectsApi = profileListClient<Project, CreateProjectBody>('/api/settings/projects');
