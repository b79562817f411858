import { errorExamples, notFound, validation } from '../openapi/error-examples';
import { ADDRESS_NOT_PUBLIC, HOST_NOT_PUBLIC, PORT_NOT_ALLOWED } from './ssrf/target-guard';
import { MAX_WEBHOOKS_PER_ORGANIZATION } from './webhooks.service';

const WEBHOOK_ID = '6d1f3b2a-4c5e-4f70-8a9b-0c1d2e3f4a5b';

/** What the webhook routes answer besides the common cases (the openapi-errors e2e specs provoke each one). */
export const WEBHOOK_ERRORS = errorExamples({
  not_found: {
    webhook: notFound("No webhook with that id in the caller's organization", `Webhook ${WEBHOOK_ID} not found`),
  },
  validation: {
    webhookId: validation('webhook_id is not a UUID', 'webhook_id must be a UUID'),
    webhookEvents: validation('events names an unknown event', 'events must contain only import.done, import.failed'),
    webhookScheme: validation('url is not an http or https URL', 'url must use http or https'),
    webhookCredentials: validation('url holds a user name or password', 'url must not contain credentials'),
    webhookTarget: validation(
      'url names a loopback, private, link-local, CGNAT, metadata, multicast or other non-public address (the reason is logged, not shown)',
      ADDRESS_NOT_PUBLIC,
    ),
    webhookHost: validation(
      'url host does not resolve, or resolves to a non-public address (one answer for both, so internal names cannot be mapped)',
      HOST_NOT_PUBLIC,
    ),
    webhookPort: validation('url port is not 80, 443 or 8443', PORT_NOT_ALLOWED),
    webhookLimit: validation(
      `The organization already has ${MAX_WEBHOOKS_PER_ORGANIZATION} webhooks`,
      `An organization can have at most ${MAX_WEBHOOKS_PER_ORGANIZATION} webhooks; delete one first`,
    ),
  },
} as const);
