export const IMPORT_QUEUE = 'catalog-imports';

/** The Bull job payload; the Bull job id is always the import job id. */
export interface ImportQueuePayload {
  importJobId: string;
  organizationId: string;
  /** The producer's deployment (service_identity): tells "deleted here" from "another deployment's job". */
  deploymentId?: string;
}
