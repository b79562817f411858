import type { OpenAPIObject } from '@nestjs/swagger';

export interface ErrorBody {
  error: { type: string; message: string };
}

export type Method = 'get' | 'post' | 'put' | 'delete';

/** The error bodies the document gives as examples for one operation and status. */
export function documentedBodies(document: OpenAPIObject, path: string, method: Method, status: number): ErrorBody[] {
  const response = document.paths[path][method]?.responses[String(status)] as
    { content?: Record<string, { examples?: Record<string, { value: ErrorBody }> }> } | undefined;
  return Object.values(response?.content?.['application/json']?.examples ?? {}).map((example) => example.value);
}
