import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { RouteDefinition } from '../routes/define-route';

/**
 * Where a repository file a route reads at run time is: in AWS beside the function's bundle, at the
 * same relative path (the stack copies the route's `files` there); locally, in the repository.
 */
export const shippedFile = (route: RouteDefinition, path: string) => {
  if (!route.files?.includes(path)) throw new Error(`${path} is not among the files of route ${route.id}, so it is not shipped with it`);
  const taskRoot = process.env.LAMBDA_TASK_ROOT;
  return taskRoot ? join(taskRoot, path) : fileURLToPath(new URL(`../../${path}`, import.meta.url));
};
