import { SetMetadata } from '@nestjs/common';

export const READS_FROM_REPLICA = 'reads-from-replica';

/**
 * A read route whose answer may come from a streaming replica (DATABASE_REPLICA_URLS): catalog
 * data only (searches, facets, products, UCP). Job status, reports, errors, webhooks and anything
 * a client expects to see right after its own write stay on the primary: leave them unmarked.
 */
export const ReadsFromReplica = (): MethodDecorator & ClassDecorator => SetMetadata(READS_FROM_REPLICA, true);
