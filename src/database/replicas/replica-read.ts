/** A read that may run on a replica: whose data it reads, to check that organization's fence. */
export interface ReplicaRead {
  organizationId: string;
}

/** What the service's DataSource asks for a ReadScope that may read on a replica (ReplicaRouterService). */
export interface ReplicaReads {
  /** A query runner whose connection the router picks when it connects: a replica, or the primary. */
  queryRunner(read: ReplicaRead): import('typeorm').QueryRunner;
}

/** Marks a pooled client handed out by a replica's pool (ReadScope never cancels it through the primary). */
export const ON_REPLICA = Symbol('pds.onReplica');
