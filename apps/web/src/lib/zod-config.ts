import { z } from 'zod';

/**
 * Friendlier default messages for the shared schemas in forms. A schema's own message always
 * wins; this only replaces zod's generic wording (e.g. "Too small: expected string…").
 */
z.config({
  customError: (issue) => {
    if (issue.code === 'too_small' && issue.origin === 'string' && Number(issue.minimum) <= 1) {
      return 'This field is required';
    }
    if (issue.code === 'too_big' && issue.origin === 'string') return `Use at most ${String(issue.maximum)} characters`;
    if (issue.code === 'invalid_type' && issue.input === undefined) return 'This field is required';
    return undefined;
  },
});
