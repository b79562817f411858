import { generateCatalog, type CatalogManifest } from '../../tools/harness/generate-catalog';

/** About what one element of the generator's catalogs takes (52,428,800 bytes hold about 59,500). */
const BYTES_PER_ELEMENT = 880;

/**
 * A generated catalog of about `products` valid products. The generator is sized in bytes, so a
 * first file measures this seed's bytes per valid product and a second is sized from it (within
 * a few products of the target; the manifest says how many).
 */
export async function generateCatalogOf(products: number, seed: number, outDir: string): Promise<CatalogManifest> {
  const minimum = 16 * 1024;
  const draft = await generateCatalog({ sizeBytes: Math.max(minimum, products * BYTES_PER_ELEMENT), seed, outDir });
  const sizeBytes = Math.max(minimum, Math.round((draft.bytes * products) / draft.valid_products));
  return sizeBytes === draft.bytes ? draft : generateCatalog({ sizeBytes, seed, outDir });
}
