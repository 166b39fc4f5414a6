import { NestedStack, type Stack } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

type Json = Record<string, any>;

/** Every template the synth wrote into `outdir` (the stack's and each nested stack's), with its resource count. */
export const synthesizedTemplates = (outdir: string) =>
  readdirSync(outdir)
    .filter((file) => file.endsWith('.template.json'))
    .map((file) => ({
      file,
      resources: Object.keys(JSON.parse(readFileSync(join(outdir, file), 'utf8')).Resources ?? {}).length,
    }));

/** `value` with every `{ Ref: <parameter> }` replaced by what the parent passes for that parameter. */
const substitute = (value: unknown, parameters: Json): unknown => {
  if (Array.isArray(value)) return value.map((item) => substitute(item, parameters));
  if (value === null || typeof value !== 'object') return value;
  const object = value as Json;
  const keys = Object.keys(object);
  if (keys.length === 1 && keys[0] === 'Ref' && object.Ref in parameters) return parameters[object.Ref];
  return Object.fromEntries(keys.map((key) => [key, substitute(object[key], parameters)]));
};

/**
 * The deployment as one template, whichever stack holds a resource: the stack's own resources and
 * outputs, and every nested stack's resources with the parameters the parent passes them put back
 * (a nested role's `{ Ref: referencetoEmailServiceTable...Arn }` reads as the table's own
 * `{ Fn::GetAtt: [Table..., Arn] }` again). `holder` names, for a nested resource, the parent's
 * AWS::CloudFormation::Stack resource that makes it.
 */
export const wholeDeployment = (stack: Stack) => {
  const merged = structuredClone(Template.fromStack(stack).toJSON()) as Json;
  const holder = new Map<string, string>();
  for (const nested of stack.node.findAll().filter(NestedStack.isNestedStack)) {
    const stackResourceId = stack.getLogicalId(nested.nestedStackResource!);
    const parameters = merged.Resources[stackResourceId].Properties.Parameters ?? {};
    for (const [id, resource] of Object.entries(Template.fromStack(nested).toJSON().Resources as Json)) {
      if (id in merged.Resources) throw new Error(`${id} is in more than one template`);
      merged.Resources[id] = substitute(resource, parameters);
      holder.set(id, stackResourceId);
    }
  }
  return { template: Template.fromJSON(merged), holder };
};
