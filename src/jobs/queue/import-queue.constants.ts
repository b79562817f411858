export const IMPORT_QUEUE = 'catalog-imports';

/** The Bull job payload; the Bull job id is always the import job id. */
export interface ImportQueuePayload {
  importJobId: string;
  organizationId: string;
}
