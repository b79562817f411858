/** Every default prefix starts with this, followed by the database's deployment id. */
export const DEFAULT_PREFIX_ROOT = 'pds';

export type QueuePrefixSource = 'deployment' | 'QUEUE_PREFIX';

/**
 * The Redis key prefix this deployment uses, resolved once at boot. By default it contains the
 * deployment id stored in PostgreSQL, so two deployments (two databases) sharing one Redis never
 * share a queue; QUEUE_PREFIX overrides it. Inject this wherever Redis keys are named.
 */
export class QueueNamespace {
  constructor(
    readonly prefix: string,
    /** service_identity.deployment_id of the database this process uses. */
    readonly deploymentId: string,
    readonly source: QueuePrefixSource,
  ) {}

  static resolve(queuePrefixOverride: string | null, deploymentId: string): QueueNamespace {
    return queuePrefixOverride === null
      ? new QueueNamespace(`${DEFAULT_PREFIX_ROOT}:${deploymentId}`, deploymentId, 'deployment')
      : new QueueNamespace(queuePrefixOverride, deploymentId, 'QUEUE_PREFIX');
  }
}
