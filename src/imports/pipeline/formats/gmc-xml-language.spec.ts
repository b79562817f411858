import { elementText, type RawElement } from '../raw-element';
import { feedReader } from './feed-readers';

async function* chunksOf(text: string, size: number): AsyncIterable<Buffer> {
  const bytes = Buffer.from(text, 'utf8');
  for (let at = 0; at < bytes.length; at += size) yield bytes.subarray(at, at + size);
}

async function languages(xml: string, declaredLanguage?: boolean): Promise<Array<string | undefined>> {
  const all: RawElement[] = [];
  for await (const elements of feedReader('gmc_xml', { declaredLanguage }).read(chunksOf(xml, 5))) all.push(...elements);
  return all.map((e) => (JSON.parse(elementText(e)!) as { language?: string }).language);
}

const item = (id: string) => `<item><g:id>${id}</g:id><g:title>Tasche ${id}</g:title></item>`;
const rss = (channel: string, attributes = '') =>
  `<?xml version="1.0"?><rss version="2.0" xmlns:g="http://base.google.com/ns/1.0"${attributes}><channel>${channel}</channel></rss>`;

describe('a Google Merchant Center XML feed\u2019s declared language', () => {
  it("gives RSS 2.0's channel <language> to every item after it", async () => {
    expect(await languages(rss(`<title>t</title><language> de-DE </language>${item('a')}${item('b')}`))).toEqual(['de-DE', 'de-DE']);
  });

  it('reads xml:lang on the root (Atom, or RSS) and lets a later <language> replace it', async () => {
    const atom = `<feed xmlns="http://www.w3.org/2005/Atom" xmlns:g="http://base.google.com/ns/1.0" xml:lang="fr"><entry><g:id>a</g:id><title>Sac</title></entry></feed>`;
    expect(await languages(atom)).toEqual(['fr']);
    expect(await languages(rss(`<language>nl</language>${item('a')}`, ' xml:lang="de"'))).toEqual(['nl']);
  });

  it('ignores what is no BCP 47 tag, a <language> inside an item, and everything when the upload named a language', async () => {
    expect(await languages(rss(`<language>Deutsch (Schweiz)</language>${item('a')}`))).toEqual([undefined]);
    expect(await languages(rss(`<item><g:id>a</g:id><language>de</language></item>`))).toEqual([undefined]);
    expect(await languages(rss(`<language>de</language>${item('a')}`), false)).toEqual([undefined]);
    // Items before the declaration have none: a feed declares its language first.
    expect(await languages(rss(`${item('a')}<language>de</language>${item('b')}`))).toEqual([undefined, 'de']);
  });
});
