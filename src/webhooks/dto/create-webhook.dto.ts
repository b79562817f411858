import { ApiProperty, ApiPropertyOptional, ApiSchema } from '@nestjs/swagger';
import { ArrayMaxSize, ArrayNotEmpty, ArrayUnique, IsArray, IsIn, IsOptional, IsString, MaxLength } from 'class-validator';
import { JOB_EVENT_TYPES, type JobEventType } from '../../imports/job-finished-event';

export const MAX_URL_LENGTH = 2_048;
export const MAX_DESCRIPTION_LENGTH = 256;

@ApiSchema({ name: 'CreateWebhook' })
export class CreateWebhookDto {
  @ApiProperty({
    description:
      'http or https URL the events are POSTed to. Its host must resolve to public addresses only (no loopback, private, ' +
      'link-local, CGNAT, metadata, multicast); checked now and at each delivery. Redirects are not followed.',
    maxLength: MAX_URL_LENGTH,
    example: 'https://example.com/hooks/product-directory',
  })
  @IsString({ message: 'url must be a string' })
  @MaxLength(MAX_URL_LENGTH, { message: `url must be at most ${MAX_URL_LENGTH} characters` })
  url: string;

  @ApiProperty({
    description: 'The events to receive',
    enum: JOB_EVENT_TYPES,
    enumName: 'WebhookEventType',
    isArray: true,
    minItems: 1,
    example: ['import.done', 'import.failed'],
  })
  @IsArray({ message: 'events must be an array of import.done, import.failed' })
  @ArrayNotEmpty({ message: 'events must name at least one event' })
  @ArrayMaxSize(JOB_EVENT_TYPES.length, { message: 'events must be an array of import.done, import.failed' })
  @ArrayUnique({ message: 'events must not repeat an event' })
  @IsIn(JOB_EVENT_TYPES, { each: true, message: 'events must contain only import.done, import.failed' })
  events: JobEventType[];

  @ApiPropertyOptional({ description: 'A note for you', maxLength: MAX_DESCRIPTION_LENGTH, example: 'Reindex the storefront' })
  @IsOptional()
  @IsString({ message: 'description must be a string' })
  @MaxLength(MAX_DESCRIPTION_LENGTH, { message: `description must be at most ${MAX_DESCRIPTION_LENGTH} characters` })
  description?: string;
}
