import { config } from '../config';

/**
 * The service's figures as CloudWatch metrics, through the Embedded Metric Format: one JSON log line
 * per call, which CloudWatch Logs turns into metrics (no API call, no SDK, nothing in the bundle).
 * Deployment-wide figures without dimensions (per account they are in GET /stats, and a dimension
 * per account would be a metric per account). Written only where METRICS_NAMESPACE is set (the stack
 * sets it on every function).
 */
export type MetricName =
  | 'Sent'
  | 'Failed'
  | 'Delivered'
  | 'HardBounces'
  | 'SoftBounces'
  | 'Complaints'
  | 'Opens'
  | 'Clicks'
  | 'SendingPaused'
  | 'WebhookFailures'
  | 'DrainErrors'
  | 'DrainPausedWaiting';

export const emitMetrics = (values: Partial<Record<MetricName, number>>) => {
  const namespace = config.metricsNamespace;
  const metrics = Object.entries(values).filter(([, value]) => typeof value === 'number' && value > 0);
  if (!namespace || metrics.length === 0) return;
  const line = {
    _aws: {
      Timestamp: Date.now(),
      CloudWatchMetrics: [
        { Namespace: namespace, Dimensions: [[]], Metrics: metrics.map(([name]) => ({ Name: name, Unit: 'Count' })) },
      ],
    },
    ...Object.fromEntries(metrics),
  };
  console.log(JSON.stringify(line));
};

/** The metric of each per-day counter. */
export const FIGURE_METRICS = {
  sent: 'Sent',
  failed: 'Failed',
  delivered: 'Delivered',
  bounced_hard: 'HardBounces',
  bounced_soft: 'SoftBounces',
  complained: 'Complaints',
  opened: 'Opens',
  clicked: 'Clicks',
} as const satisfies Record<string, MetricName>;
