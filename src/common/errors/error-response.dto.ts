import { ApiProperty } from '@nestjs/swagger';

export const ERROR_TYPES = [
  'bad_request',
  'authentication',
  'authorization',
  'not_found',
  'payload_too_large',
  'unsupported_media_type',
  'validation',
  'conflict',
  'rate_limited',
  'internal',
  'unavailable',
] as const;
export type ErrorType = (typeof ERROR_TYPES)[number];

export class ErrorBody {
  @ApiProperty({ description: 'Error category', enum: ERROR_TYPES, example: 'not_found' })
  type: ErrorType;

  @ApiProperty({ description: 'Message describing the error', example: 'Import job 3f0c2a9e-0d4b-4c57-9a8e-2f9c1b7d5e10 not found' })
  message: string;
}

/** The one error body of the API: {"error": {"type", "message"}}. */
export class ErrorResponse {
  @ApiProperty({ type: ErrorBody })
  error: ErrorBody;
}
