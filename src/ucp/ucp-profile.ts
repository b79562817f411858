import { LOOKUP_CAPABILITY, SEARCH_CAPABILITY, UCP_VERSION } from './mapping/ucp-types';

export interface UcpProfile {
  ucp: {
    version: string;
    services: Record<string, Array<Record<string, string>>>;
    capabilities: Record<string, Array<Record<string, string>>>;
    payment_handlers: Record<string, never>;
  };
}

const SPEC = `https://ucp.dev/${UCP_VERSION}/specification`;
const SCHEMAS = `https://ucp.dev/${UCP_VERSION}`;

/** The business profile (ucp.json#/$defs/business_schema): both transports, the two catalog capabilities. */
export function businessProfile(baseUrl: string): UcpProfile {
  const service = { version: UCP_VERSION, spec: `${SPEC}/overview` };
  return {
    ucp: {
      version: UCP_VERSION,
      services: {
        'dev.ucp.shopping': [
          { ...service, transport: 'rest', schema: `${SCHEMAS}/services/shopping/rest.openapi.json`, endpoint: `${baseUrl}/ucp` },
          { ...service, transport: 'mcp', schema: `${SCHEMAS}/services/shopping/mcp.openrpc.json`, endpoint: `${baseUrl}/mcp` },
        ],
      },
      capabilities: {
        [SEARCH_CAPABILITY]: [
          { version: UCP_VERSION, spec: `${SPEC}/catalog/search`, schema: `${SCHEMAS}/schemas/shopping/catalog_search.json` },
        ],
        [LOOKUP_CAPABILITY]: [
          { version: UCP_VERSION, spec: `${SPEC}/catalog/lookup`, schema: `${SCHEMAS}/schemas/shopping/catalog_lookup.json` },
        ],
      },
      payment_handlers: {}, // catalog only: no checkout, no payment
    },
  };
}
