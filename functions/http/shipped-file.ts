import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { RouteDefinition } from '../routes/define-route';

/** Whether the route ships `path`: listed itself, or inside a listed folder (an entry ending in `/`). */
const ships = (route: Pick<RouteDefinition, 'files'>, path: string) =>
  route.files?.some((file) => file === path || (file.endsWith('/') && path.startsWith(file))) ?? false;

/**
 * Where a repository file (or folder) a route reads at run time is: in AWS beside the function's
 * bundle, at the same relative path (the stack copies the route's `files` there); locally, in the repository.
 */
export const shippedFile = (route: Pick<RouteDefinition, 'files'>, path: string) => {
  if (!ships(route, path))
    throw new Error(`${path} is not among the files the route lists, so it is not shipped with it`);
  const taskRoot = process.env.LAMBDA_TASK_ROOT;
  return taskRoot ? join(taskRoot, path) : fileURLToPath(new URL(`../../${path}`, import.meta.url));
};
