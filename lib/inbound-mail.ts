import { CfnOutput, Duration, Names, RemovalPolicy, Stack, Validations, type CfnElement } from 'aws-cdk-lib';
import { Effect, type IGrantable, PolicyStatement } from 'aws-cdk-lib/aws-iam';
import { BlockPublicAccess, Bucket, BucketEncryption } from 'aws-cdk-lib/aws-s3';
import { ReceiptRuleSet, TlsPolicy } from 'aws-cdk-lib/aws-ses';
import { Lambda, LambdaInvocationType, S3 } from 'aws-cdk-lib/aws-ses-actions';
import type { Queue } from 'aws-cdk-lib/aws-sqs';
import { AwsCustomResource, AwsCustomResourcePolicy, PhysicalResourceId } from 'aws-cdk-lib/custom-resources';
import { Construct } from 'constructs';
import { INBOUND_RETENTION_DAYS, PARTS_PREFIX, RAW_MAIL_PREFIX } from '../functions/domain/inbound/inbound-mail';
import { WORKERS } from '../functions/queues';
import { ServiceFunction } from './constructs/service-function';

export interface InboundMailProps {
  environment: Record<string, string>;
  /** Where an invocation that failed three times waits (functions/queues.ts). */
  deadLetters: Queue;
}

/**
 * Receiving mail (docs/promises.md, Inbound mail). SES's receipt rule set, active in the stack's
 * region, stores each mail for the account's verified domains in the bucket at `raw/<SES message id>`
 * and then invokes the parsing function with the receipt event, which carries the envelope recipients
 * and the spam and virus verdicts (an S3 notification carries neither:
 * docs/decisions/0060-inbound-ses-invokes-parser.md). The
 * function keeps only the mail of domains with `inbound` on. SES takes mail up to 40 MB.
 *
 * The bucket: SSE-S3, no public access, TLS only, everything expires after 30 days (the records go
 * with it, by TTL). Route functions that answer inbound mail read its parts and sign links to them:
 * `grantRoute` (the `inboundMail` grant of functions/capabilities.ts).
 */
export class InboundMail extends Construct {
  readonly bucket: Bucket;
  readonly parser: ServiceFunction;

  constructor(scope: Construct, id: string, props: InboundMailProps) {
    super(scope, id);
    const stack = Stack.of(this);

    this.bucket = new Bucket(this, 'Bucket', {
      encryption: BucketEncryption.S3_MANAGED,
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      enforceSSL: true,
      lifecycleRules: [
        {
          id: 'expire-inbound-mail',
          expiration: Duration.days(INBOUND_RETENTION_DAYS),
          abortIncompleteMultipartUploadAfter: Duration.days(1),
        },
      ],
      removalPolicy: RemovalPolicy.RETAIN,
    });

    // The parser as functions/queues.ts declares it; the stack grants it from that declaration (its
    // table access and capabilities: lib/route-access.ts), the bucket's part through `grantParser`.
    const declared = WORKERS.inboundParser;
    this.parser = new ServiceFunction(this, 'Parser', {
      handlerName: declared.handler,
      description: declared.description,
      memorySize: declared.memoryMb,
      timeout: Duration.seconds(declared.timeoutSeconds),
      deadLetterQueue: props.deadLetters,
      environment: { ...props.environment, INBOUND_BUCKET: this.bucket.bucketName },
    });

    // One rule, no recipient list: SES receives only for identities verified in this account and
    // region (our domains), and which of them take mail is the `inbound` flag, read per mail.
    const ruleSet = new ReceiptRuleSet(this, 'RuleSet', {
      rules: [
        {
          scanEnabled: true,
          tlsPolicy: TlsPolicy.OPTIONAL,
          actions: [
            new S3({ bucket: this.bucket, objectKeyPrefix: RAW_MAIL_PREFIX }),
            new Lambda({ function: this.parser, invocationType: LambdaInvocationType.EVENT }),
          ],
        },
      ],
    });

    // CloudFormation cannot make a rule set the active one. A region has one active set, and
    // activating ours replaces whichever was active: so only when asked (context
    // `activateInboundRules=true`), by SES's SetActiveReceiptRuleSet on deploy (and deactivated on
    // removal). Otherwise one CLI command does it once (docs/guides/deploying.md).
    new CfnOutput(stack, 'InboundRuleSetName', {
      value: ruleSet.receiptRuleSetName,
      description:
        'Activate once: aws ses set-active-receipt-rule-set --rule-set-name <this> (or deploy with -c ' +
        'activateInboundRules=true)',
    });
    const activate = stack.node.tryGetContext('activateInboundRules');
    if (activate === true || activate === 'true') {
      new AwsCustomResource(this, 'ActivateRuleSet', {
        onUpdate: {
          service: 'SES',
          action: 'SetActiveReceiptRuleSet',
          parameters: { RuleSetName: ruleSet.receiptRuleSetName },
          physicalResourceId: PhysicalResourceId.of(`inbound-rule-set-${ruleSet.receiptRuleSetName}`),
        },
        onDelete: { service: 'SES', action: 'SetActiveReceiptRuleSet', parameters: {} },
        // SetActiveReceiptRuleSet takes no resource ARN.
        policy: AwsCustomResourcePolicy.fromStatements([
          new PolicyStatement({ effect: Effect.ALLOW, actions: ['ses:SetActiveReceiptRuleSet'], resources: ['*'] }),
        ]),
        installLatestAwsSdk: false,
        memorySize: 256,
        timeout: Duration.minutes(2),
      });
    }
    this.acknowledgeNagFindings(stack);
  }

  /** The cdk-nag findings this construct accepts, with their reasons (the stack's own: lib/nag-suppressions.ts). */
  private acknowledgeNagFindings(stack: Stack) {
    const bucket = this.bucket.node.defaultChild as CfnElement;
    // In a route area (a nested stack) the bucket's ARN is a parameter named after its unique id, as the table's is.
    const arns = [`<${stack.getLogicalId(bucket)}.Arn>`, `<referenceto${Names.nodeUniqueId(bucket.node)}Arn>`];
    const prefixReason =
      'Objects under one prefix of the inbound bucket: received mail is named by SES (raw/<message id>) and its ' +
      'parts by the parsing function (parts/<account>/<id>/...).';
    for (const arn of arns) {
      for (const prefix of [RAW_MAIL_PREFIX, PARTS_PREFIX])
        Validations.of(stack).acknowledge({
          id: `AwsSolutions-IAM5[Resource::${arn}/${prefix}*]`,
          reason: prefixReason,
        });
    }
    Validations.of(this.bucket).acknowledge({
      id: 'AwsSolutions-S1',
      reason:
        'Every object is written by SES or the parsing function and read by the parsing function and the inbound ' +
        'routes (by presigned links they sign): their CloudTrail and Lambda logs record who reads what. Server ' +
        'access logs would add a second bucket of logs about mail that expires in 30 days.',
    });
  }

  /**
   * A route that answers inbound mail (the `inboundMail` grant: functions/capabilities.ts) reads its
   * parts and signs links to them and to the raw mail (a link works with its signer's rights): reading,
   * nothing else.
   */
  grantRoute(fn: ServiceFunction, principal: IGrantable = fn) {
    principal.grantPrincipal.addToPrincipalPolicy(this.objects(['s3:GetObject'], PARTS_PREFIX));
    principal.grantPrincipal.addToPrincipalPolicy(this.objects(['s3:GetObject'], RAW_MAIL_PREFIX));
    // The routes read (and link to) the parts by the bucket's name: the IAM test found them without it.
    fn.addEnvironment('INBOUND_BUCKET', this.bucket.bucketName);
  }

  /** The parser (the `inboundParse` grant): reads the raw mail SES stored, writes and reads its parts. */
  grantParser(principal: IGrantable) {
    // Objects by prefix, and only the actions used (grantRead would add listing and the bucket's settings).
    principal.grantPrincipal.addToPrincipalPolicy(this.objects(['s3:GetObject'], RAW_MAIL_PREFIX));
    principal.grantPrincipal.addToPrincipalPolicy(this.objects(['s3:PutObject', 's3:GetObject'], PARTS_PREFIX));
  }

  private objects(actions: string[], prefix: string) {
    return new PolicyStatement({ effect: Effect.ALLOW, actions, resources: [this.bucket.arnForObjects(`${prefix}*`)] });
  }
}
