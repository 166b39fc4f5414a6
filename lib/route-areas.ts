import type { RouteDefinition } from '../functions/routes/define-route';

/**
 * The deployment's route areas: routes grouped by their `tag` (Mail, OTP, Admin, ...), each area a
 * nested stack of its own (lib/route-area-stack.ts). A route added with an existing tag lands in that
 * area's stack; a route with a new tag makes a new area: no stack code to edit either way. The id is
 * the tag with only its letters and digits, so it is a stable construct id (renaming a tag moves its
 * routes: see docs/decisions/0075-route-areas-nested-stacks.md).
 */
export const areaId = (tag: string) => `Routes${tag.replace(/[^A-Za-z0-9]/g, '')}`;

/** The routes of each area, in route-table order, the areas in order of their first route. */
export const routeAreas = (routes: readonly RouteDefinition[]) => {
  const areas = new Map<string, RouteDefinition[]>();
  for (const route of routes) {
    const id = areaId(route.tag);
    areas.set(id, [...(areas.get(id) ?? []), route]);
  }
  return areas;
};
