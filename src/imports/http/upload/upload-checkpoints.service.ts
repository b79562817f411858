import { Injectable } from '@nestjs/common';

/**
 * A point in an upload where a test may step in: the fault suite overrides this provider to kill
 * the API right after commit (test/faults/workers/crash-before-enqueue-api.ts). Here it does nothing.
 */
@Injectable()
export class UploadCheckpointsService {
  /** The upload's transaction committed; its job is neither positioned nor enqueued yet. */
  afterCommit(_jobId: string): void {
    // Nothing in production.
  }
}
