import type { AddressInfo } from 'node:net';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { TestApp } from './test-app';

/** A small catalog covering every mapped field, three currency exponents and the filters. */
export const UCP_CATALOG = [
  {
    id: 'sweater-navy-m',
    title: 'Merino wool sweater',
    description: 'Soft merino crew neck.',
    url: 'https://shop.example.com/p/sweater-navy-m',
    image_url: 'https://cdn.example.com/sweater/main.jpg',
    additional_image_urls: ['https://cdn.example.com/sweater/back.jpg'],
    price: { amount: 89.9, currency: 'EUR' },
    sale_price: { amount: 69.95, currency: 'EUR' },
    availability: 'in_stock',
    condition: 'new',
    brand: 'Northwind',
    gtin: '4006381333931',
    mpn: 'NW-SW-001',
    group_id: 'sweater',
    categories: ['Apparel > Sweaters', 'Gifts'],
    tags: ['merino', 'winter'],
    inventory_quantity: 12,
    attributes: { color: 'navy', size: 'M' },
  },
  {
    id: 'sweater-red-l',
    title: 'Merino wool sweater red',
    price: { amount: 89.9, currency: 'EUR' },
    availability: 'out_of_stock',
    brand: 'Northwind',
    group_id: 'sweater',
    categories: ['Apparel > Sweaters'],
  },
  {
    id: 'socks',
    title: 'Wool socks',
    price: { amount: 12.5, currency: 'EUR' },
    availability: 'in_stock',
    brand: 'contoso',
    categories: ['Apparel > Socks'],
  },
  {
    id: 'tea-jp',
    title: 'Sencha green tea',
    price: { amount: 1200, currency: 'JPY' },
    availability: 'preorder',
    brand: 'Kyoto Leaf',
    categories: ['Grocery > Tea'],
  },
  { id: 'dates-bh', title: 'Medjool dates', price: { amount: 4.125, currency: 'BHD' }, availability: 'backorder', categories: ['Grocery'] },
  {
    id: 'boots',
    title: 'Leather boots',
    price: { amount: 150, currency: 'USD' },
    brand: 'Contoso',
    categories: ['Apparel > Shoes > Boots'],
  },
  { id: 'poster', title: 'Wool mill poster' }, // no price: not a UCP product
];

/** Starts the test app on a real port (the MCP client speaks real HTTP) and returns its /mcp URL. */
export async function listen(t: TestApp): Promise<string> {
  await t.app.listen(0, '127.0.0.1');
  const { port } = t.app.getHttpServer().address() as AddressInfo;
  return `http://127.0.0.1:${port}`;
}

/** An MCP client of the official SDK over Streamable HTTP with the caller's Basic credentials. */
export async function mcpClient(baseUrl: string, authorization: string): Promise<Client> {
  const client = new Client({ name: 'pds-e2e', version: '1.0.0' });
  const transport = new StreamableHTTPClientTransport(new URL(`${baseUrl}/mcp`), {
    requestInit: { headers: { Authorization: authorization } },
  });
  await client.connect(transport);
  return client;
}

export const UCP_META = { 'ucp-agent': { profile: 'https://agent.example/profiles/shopping-agent.json' } };
