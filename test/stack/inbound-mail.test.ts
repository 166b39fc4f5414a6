import { App, Stack } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { Queue } from 'aws-cdk-lib/aws-sqs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { InboundMail } from '../../lib/inbound-mail';
import { scratchDir } from '../support/scratch-dir';

/** Each synth's output, a folder of its own in this one (removed after the file). */
const synthesized = scratchDir('cdk-inbound-');
let synths = 0;
/**
 * The inbound construct alone (lib/inbound-mail.ts), with the context that asks the deploy to activate its
 * rule set.
 */
const synth = (context: Record<string, string>) => {
  const app = new App({ outdir: join(synthesized, `app-${++synths}`), context });
  const stack = new Stack(app, 'Inbound');
  new InboundMail(stack, 'InboundMail', { environment: {}, deadLetters: new Queue(stack, 'DeadLetters') });
  return Template.fromStack(stack);
};

describe('activating the receipt rule set', () => {
  it('with activateInboundRules=true: SetActiveReceiptRuleSet names the rule set on deploy, and deactivates on ' +
    'removal', () => {
    const template = synth({ activateInboundRules: 'true' });
    const [activation] = Object.values(template.findResources('Custom::AWS'));
    const ruleSet = Object.keys(template.findResources('AWS::SES::ReceiptRuleSet'))[0];
    // The call is JSON text joined around the rule set's name (a token until deploy).
    const create = JSON.stringify(activation.Properties.Create);
    expect(create).toContain(
      `\\"action\\":\\"SetActiveReceiptRuleSet\\",\\"parameters\\":{\\"RuleSetName\\":\\"",{"Ref":"${ruleSet}"}`,
    );
    expect(JSON.parse(activation.Properties.Delete)).toEqual({
      service: 'SES',
      action: 'SetActiveReceiptRuleSet',
      parameters: {},
    });
    const statements = Object.values(template.findResources('AWS::IAM::Policy')).flatMap(
      (p) => p.Properties.PolicyDocument.Statement as { Action: string }[],
    );
    expect(statements.filter((s) => String(s.Action).startsWith('ses:'))).toEqual([
      expect.objectContaining({ Action: 'ses:SetActiveReceiptRuleSet', Resource: '*' }),
    ]);
  }, 240_000);
});
