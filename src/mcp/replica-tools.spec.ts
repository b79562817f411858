import { calledTool, REPLICA_TOOLS } from './replica-tools';

describe('REPLICA_TOOLS', () => {
  it('lists the catalog tools only: job and overview tools read on the primary', () => {
    expect([...REPLICA_TOOLS].sort()).toEqual(['catalog_facets', 'get_product', 'lookup_catalog', 'search_catalog']);
    for (const primaryTool of ['catalog_overview', 'list_imports', 'get_import_status', 'list_import_errors']) {
      expect(REPLICA_TOOLS.has(primaryTool)).toBe(false);
    }
  });

  it('reads the tool name of a tools/call message, and nothing from others', () => {
    expect(calledTool({ method: 'tools/call', params: { name: 'search_catalog' } })).toBe('search_catalog');
    expect(calledTool({ method: 'tools/call', params: { name: 7 } })).toBeUndefined();
    expect(calledTool({ method: 'initialize' })).toBeUndefined();
  });
});
